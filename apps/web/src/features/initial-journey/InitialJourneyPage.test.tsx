import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notificationsStore } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { clearToasts, jsonResponse, makeJwt, makeUser, renderWithProviders } from '../../test/helpers';
import { authStore } from '../auth/auth-store';
import { profile as sampleProfile, guide as sampleInterviewGuide } from '../ai-documents/test-documents';
import type { JourneyMessage, JourneySections } from './api';
import { InitialJourneyPage } from './InitialJourneyPage';

let fetchMock: Mock<typeof fetch>;
let sections: JourneySections;
let messages: JourneyMessage[];
let shareAnswer: { status: number; body: Record<string, unknown> };
let generateStatus: number;

function toastTexts(kind: string) {
  return notificationsStore
    .getState()
    .notifications.filter((n) => n['data-toast-kind' as never] === kind)
    .map((n) => String(n.message));
}

function bodyOf(path: string): Record<string, unknown> | undefined {
  const call = fetchMock.mock.calls.find((c) =>
    new URL(String(c[0]), 'http://localhost').pathname.endsWith(path),
  );
  return call?.[1]?.body ? (JSON.parse(String(call[1].body)) as Record<string, unknown>) : undefined;
}

const message = (role: 'user' | 'assistant', text: string, n: number): JourneyMessage => ({
  id: `m${n}`,
  role,
  text,
  createdAt: '2026-11-20T10:00:00.000Z',
});

describe('the Initial Journey page', () => {
  beforeEach(async () => {
    await clearToasts();
    authStore.signIn(makeJwt(900), makeUser());
    messages = [];
    sections = {
      documents: {
        therapistProfile: null,
        interviewGuide: null,
        emailTemplate: null,
        selfReflectionSummary: null,
      },
      chatHistory: { messageCount: 0 },
      shares: [],
    };
    shareAnswer = {
      status: 200,
      body: { success: true, warning: false, message: 'Summary shared successfully', data: null },
    };
    generateStatus = 200;
    fetchMock = vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const path = url.pathname;
      if (path.endsWith('/refresh')) return jsonResponse({ success: false }, { status: 401 });
      if (path.endsWith('/get-initial-journey-childs'))
        return jsonResponse({ success: true, data: sections });
      if (path.endsWith('/get-conversation'))
        return jsonResponse({
          success: true,
          data: { messages, total: messages.length, page: 1, hasNext: false },
        });
      if (path.endsWith('/initial-journey') && init?.method === 'POST') {
        const sent = JSON.parse(String(init.body)) as { message: string };
        const turn = [message('user', sent.message, 1), message('assistant', 'What do you hope for?', 2)];
        messages = [...messages, ...turn];
        return jsonResponse({
          success: true,
          data: {
            reply: 'What do you hope for?',
            safety: { level: 'none', resources: null },
            messages: turn,
          },
        });
      }
      if (path.endsWith('/generate-therapist-interview-qs')) {
        if (generateStatus === 403)
          return jsonResponse(
            {
              success: false,
              code: 'SUBSCRIPTION_REQUIRED',
              message: 'Initial Journey needs an active Standard subscription.',
            },
            { status: 403 },
          );
        const document = {
          id: 'd1',
          kind: 'interviewGuide' as const,
          content: sampleInterviewGuide,
          generatedAt: '2026-11-20T10:00:00.000Z',
        };
        sections = { ...sections, documents: { ...sections.documents, interviewGuide: document } };
        return jsonResponse({
          success: true,
          message: 'Interview questions generated successfully',
          data: document,
        });
      }
      if (path.endsWith('/get-accepted-doctors'))
        return jsonResponse({
          success: true,
          doctors: [{ _id: 'p1', doctorName: 'Rosa Diaz', doctorEmail: { email: 'rosa@example.test' } }],
        });
      if (path.endsWith('/share-summary'))
        return jsonResponse(shareAnswer.body, { status: shareAnswer.status });
      return jsonResponse({ success: false, message: `unexpected ${path}` }, { status: 500 });
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    authStore.signOut();
  });

  it('shows the five sections in order with their empty texts, and no Generate for the chat history', async () => {
    renderWithProviders(<InitialJourneyPage />, '/user/initial-journey');
    await screen.findByText('Initial Journey Chat History');
    const titles = [
      'Initial Journey Chat History',
      'Target Therapist',
      'Target Therapist - Interview Qs',
      'Therapeutic Request Email Template',
      'Self-Reflection Summary: Initial Journey',
    ];
    const controls = screen.getAllByRole('button').filter((b) => titles.includes(b.textContent ?? ''));
    expect(controls.map((c) => c.textContent)).toEqual(titles);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Initial Journey Chat History' }));
    expect(await screen.findByText('No Chat History Found')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Target Therapist - Interview Qs' }));
    expect(await screen.findByText('No Interview Questions Found')).toBeInTheDocument();
    expect(await screen.findAllByRole('button', { name: 'Generate' })).toHaveLength(1);
  });

  it('sends an answer and shows the guide reply', async () => {
    const user = userEvent.setup();
    renderWithProviders(<InitialJourneyPage />, '/user/initial-journey');
    await user.type(await screen.findByLabelText('Your answer'), 'I feel anxious at work');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('What do you hope for?')).toBeVisible();
    expect(bodyOf('/initial-journey')).toEqual({ message: 'I feel anxious at work' });
  });

  it('generates a document, then copies and shares it; a repeat share warns', async () => {
    // userEvent's own clipboard stands in for the browser's
    const user = userEvent.setup();
    renderWithProviders(<InitialJourneyPage />, '/user/initial-journey');
    await user.click(await screen.findByRole('button', { name: 'Target Therapist - Interview Qs' }));
    await user.click(await screen.findByRole('button', { name: 'Generate' }));
    await waitFor(() =>
      expect(toastTexts('success')).toContain('Interview questions generated successfully'),
    );
    expect(await screen.findByText(sampleInterviewGuide.interview_guide.title)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(toastTexts('success')).toContain('Content copied to clipboard!'));
    expect(await navigator.clipboard.readText()).toContain(sampleInterviewGuide.interview_guide.title);

    await user.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('combobox', { name: 'Provider' });
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(await within(dialog).findByText('Please select a provider')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Provider' }));
    await user.click(await screen.findByRole('option', { name: /Rosa Diaz/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(toastTexts('success')).toContain('Summary shared successfully'));
    expect(bodyOf('/share-summary')).toEqual({
      summaryTableName: 'therapistinterviewquestions',
      doctorEmail: 'rosa@example.test',
      documentId: 'd1',
    });

    shareAnswer = {
      status: 200,
      body: { success: true, warning: true, message: 'Summary Already Shared.', data: null },
    };
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const again = await screen.findByRole('dialog');
    await within(again).findByRole('combobox', { name: 'Provider' });
    await user.click(within(again).getByRole('combobox', { name: 'Provider' }));
    await user.click(await screen.findByRole('option', { name: /Rosa Diaz/ }));
    await user.click(within(again).getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(toastTexts('warning')).toContain('Summary Already Shared.'));
  });

  it('says a Standard plan is needed when generating is refused with 403', async () => {
    generateStatus = 403;
    const user = userEvent.setup();
    renderWithProviders(<InitialJourneyPage />, '/user/initial-journey');
    await user.click(await screen.findByRole('button', { name: 'Target Therapist - Interview Qs' }));
    await user.click(await screen.findByRole('button', { name: 'Generate' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Initial Journey needs an active Standard subscription.');
    expect(within(alert).getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/subscription');
  });

  it('says when a document draws on private entries, and shares it only with the consent ticked', async () => {
    sections.documents.therapistProfile = {
      id: 'd2',
      kind: 'therapistProfile',
      content: sampleProfile,
      generatedAt: '2026-11-20T10:00:00.000Z',
      privateEntriesUsed: 3,
    };
    const user = userEvent.setup();
    renderWithProviders(<InitialJourneyPage />, '/user/initial-journey');
    await user.click(await screen.findByRole('button', { name: 'Target Therapist' }));
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('This document draws on 3 private entries.')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'Your provider will read what it says about them (such as the feelings you checked in with most), never the entries themselves. The consent is recorded in your access history.',
      ),
    ).toBeInTheDocument();
    const consent = within(dialog).getByRole('checkbox', {
      name: 'I agree to share what this document says about my 3 private entries',
    });
    expect(consent).not.toBeChecked();

    await user.click(within(dialog).getByRole('combobox', { name: 'Provider' }));
    await user.click(await screen.findByRole('option', { name: /Rosa Diaz/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(
      await within(dialog).findByText('Tick the box to share this document, or cancel.'),
    ).toBeInTheDocument();
    expect(bodyOf('/share-summary')).toBeUndefined();

    await user.click(consent);
    await user.click(within(dialog).getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(toastTexts('success')).toContain('Summary shared successfully'));
    expect(bodyOf('/share-summary')).toEqual({
      summaryTableName: 'ij-therapistprofiles',
      doctorEmail: 'rosa@example.test',
      documentId: 'd2',
      includesPrivateEntriesConsent: true,
    });
  });

  it('asks no consent for a document that draws on no private entry', async () => {
    sections.documents.therapistProfile = {
      id: 'd3',
      kind: 'therapistProfile',
      content: sampleProfile,
      generatedAt: '2026-11-20T10:00:00.000Z',
      privateEntriesUsed: 0,
    };
    const user = userEvent.setup();
    renderWithProviders(<InitialJourneyPage />, '/user/initial-journey');
    await user.click(await screen.findByRole('button', { name: 'Target Therapist' }));
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('combobox', { name: 'Provider' });
    expect(within(dialog).queryByText(/private entr/)).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
