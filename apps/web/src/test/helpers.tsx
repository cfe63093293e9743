import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../app/Providers';
import { createQueryClient } from '../app/query-client';
import type { User } from '../api/types';

/** An unsigned JWT whose exp is `expSeconds` from now (only the client's decoding matters here). */
export function makeJwt(expSeconds: number, nowMs = Date.now()): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: 'u1', exp: Math.floor(nowMs / 1000) + expSeconds })}.signature`;
}

export function makeUser(overrides: Partial<User> = {}): User {
  const id = overrides.id ?? '00000000-0000-4000-8000-000000000001';
  return {
    _id: id,
    id,
    email: 'ann@example.com',
    firstName: 'Ann',
    lastName: 'Lee',
    userRole: 'patient',
    role: 'patient',
    avatar: { url: null },
    timezone: 'America/Denver',
    phone: null,
    isActivated: true,
    isApproved: true,
    twoFactor: { enabled: false, method: null },
    createdAt: '2025-02-01T10:00:00.000Z',
    lastLoginAt: null,
    ...overrides,
    ...(overrides.userRole ? { role: overrides.userRole } : {}),
  };
}

export function jsonResponse(
  body: unknown,
  init: { status?: number; headers?: Record<string, string> } = {},
): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
}

/** Renders routes in a memory router with the app's providers (transitions and portals off). */
export function renderRoutes(routes: RouteObject[], initialPath: string) {
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const utils = render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...utils, router };
}

export function renderWithProviders(ui: ReactElement, path = '/') {
  return renderRoutes([{ path: '*', element: ui }], path);
}

/** Forgets every toast shown so far (the notifications store outlives a test). */
export async function clearToasts(): Promise<void> {
  const { notifications } = await import('@mantine/notifications');
  notifications.clean();
  notifications.cleanQueue();
}
