import { describe, expect, it } from 'vitest';
import { homeForRole, logoutRedirect, roleLabel } from './roles.js';

describe('homeForRole', () => {
  it('answers each role its home (Part 1 §2)', () => {
    expect(homeForRole('patient')).toBe('/user/home');
    expect(homeForRole('provider')).toBe('/provider/dashboard');
    expect(homeForRole('admin')).toBe('/admin/all-users');
  });

  it('falls back to the client home without a role', () => {
    expect(homeForRole(undefined)).toBe('/user/home');
    expect(homeForRole(null)).toBe('/user/home');
  });
});

describe('roleLabel', () => {
  it('calls a patient a Client', () => {
    expect(roleLabel('patient')).toBe('Client');
    expect(roleLabel('provider')).toBe('Provider');
    expect(roleLabel('admin')).toBe('Admin');
  });
});

describe('logoutRedirect (Part 2 §4 Logout)', () => {
  it('sends a patient to the client login, keeping ?m=1 on mobile', () => {
    expect(logoutRedirect('patient', false)).toBe('/auth/login/client');
    expect(logoutRedirect('patient', true)).toBe('/auth/login/client?m=1');
  });

  it('sends a provider to /auth/login, and on mobile to the client login with ?m=1', () => {
    expect(logoutRedirect('provider', false)).toBe('/auth/login');
    expect(logoutRedirect('provider', true)).toBe('/auth/login/client?m=1');
  });

  it('always sends an admin to /auth/login', () => {
    expect(logoutRedirect('admin', false)).toBe('/auth/login');
    expect(logoutRedirect('admin', true)).toBe('/auth/login');
  });

  it('treats an unknown role like "others"', () => {
    expect(logoutRedirect(null, false)).toBe('/auth/login');
    expect(logoutRedirect(undefined, true)).toBe('/auth/login/client?m=1');
  });
});
