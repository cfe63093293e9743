import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { bandOf, crisisResources, instruments, measureMessages, phq9 } from '@mindledger/domain';
import { clearToasts, jsonResponse, makeJwt, makeUser, renderRoutes } from '../../test/helpers';
import { authStore } from '../auth/auth-store';
import type { MeasureAssignment, MeasureResult, MeasuresOverview } from './api';
import { MeasuresPage } from './MeasuresPage';

let fetchMock: Mock<typeof fetch>;
let overview: MeasuresOverview;
let listFailures: number;
let saveFailures: number;
const posted: { path: string; body: { answers: Record<string, number>; kind?: string } }[] = [];

const assignment: MeasureAssignment = {
  id: '00000000-0000-4000-8000-0000000000a1',
  kind: 'phq9',
  name: 'PHQ-9',
  everyWeeks: 2,
  dueAt: '2026-11-20T09:00:00.000Z',
  due: true,
  stopped: false,
  providerId: '00000000-0000-4000-8000-0000000000b1',
  providerName: 'Ada Quinn',
  createdAt: '2026-11-20T09:00:00.000Z',
};

const emptySeries = () =>
  (['phq9', 'gad7'] as const).map((kind) => ({
    kind,
    name: instruments[kind].shortName,
    bands: [...instruments[kind].bands],
    maxScore: instruments[kind].maxScore,
    responses: [],
  }));

function resultFor(kind: 'phq9' | 'gad7', answers: Record<string, number>): MeasureResult {
  const instrument = instruments[kind];
  const total = instrument.items.reduce((sum, item) => sum + (answers[item.linkId] ?? 0), 0);
  const band = bandOf(instrument, total);
  const safetyAlert = kind === 'phq9' && (answers['phq9-9'] ?? 0) > 0;
  return {
    response: {
      id: 'r1',
      kind,
      name: instrument.shortName,
      total,
      maxScore: instrument.maxScore,
      band: band.label,
      bandText: band.plain,
      flags: {
        change: null,
        reliableImprovement: false,
        reliableWorsening: false,
        response: false,
        remission: false,
      },
      safetyAlert,
      assigned: true,
      completedAt: '2026-11-25T10:00:00.000Z',
    },
    safetyAlert,
    crisisResources: safetyAlert ? crisisResources : null,
    safetyNotice: safetyAlert ? measureMessages.safetyNotice : null,
    disclaimer: measureMessages.notDiagnosis,
  };
}

beforeEach(() => {
  authStore.signIn(makeJwt(900), makeUser());
  overview = { assignments: [assignment], measures: emptySeries(), disclaimer: measureMessages.notDiagnosis };
  listFailures = 0;
  saveFailures = 0;
  posted.length = 0;
  fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api\/proxy\/v1\//, '');
    if (path === 'measures') {
      if (listFailures > 0) {
        listFailures -= 1;
        return jsonResponse({ success: false, message: 'The service is busy. Try again.' }, { status: 400 });
      }
      return jsonResponse({ success: true, data: overview });
    }
    if (init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { answers: Record<string, number>; kind?: string };
      posted.push({ path, body });
      if (saveFailures > 0) {
        saveFailures -= 1;
        return jsonResponse({ success: false, message: 'Please answer every question.' }, { status: 400 });
      }
      const kind = body.kind === 'gad7' ? 'gad7' : 'phq9';
      // as the server does: an answered one-off is no longer waiting
      overview = { ...overview, assignments: overview.assignments.filter((a) => !path.includes(a.id)) };
      return jsonResponse({ success: true, data: resultFor(kind, body.answers) }, { status: 201 });
    }
    return jsonResponse({ success: false, message: 'Not found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(async () => {
  await clearToasts();
  vi.unstubAllGlobals();
  authStore.reset();
});

const renderPage = (path = '/user/measures') =>
  renderRoutes([{ path: '/user/measures', element: <MeasuresPage /> }], path);

/** Answers the current question with `answer` and moves on (or submits on the last). */
async function answer(text: string) {
  await userEvent.click(await screen.findByRole('radio', { name: text }));
  const next = screen.queryByRole('button', { name: 'Next' });
  await userEvent.click(next ?? screen.getByRole('button', { name: 'Submit answers' }));
}

describe('Questionnaires', () => {
  it('answers a PHQ-9 a provider asked for, one question per screen, and shows the score in plain words', async () => {
    renderPage();
    const waiting = await screen.findByRole('region', { name: 'Asked by your providers' });
    expect(within(waiting).getByText('PHQ-9 · Every 2 weeks')).toBeInTheDocument();
    expect(within(waiting).getByText('Asked by Ada Quinn')).toBeInTheDocument();
    await userEvent.click(within(waiting).getByRole('button', { name: 'Start the PHQ-9' }));

    expect(await screen.findByRole('heading', { name: 'PHQ-9: question 1 of 9' })).toBeInTheDocument();
    // the one being answered is not offered again below
    expect(within(waiting).queryByRole('button', { name: 'Start the PHQ-9' })).toBeNull();
    expect(within(waiting).getByText('Open above')).toBeInTheDocument();
    expect(screen.getByText(phq9.stem)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await answer('More than half the days'); // 2
    expect(screen.getByRole('heading', { name: 'PHQ-9: question 2 of 10' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('radio', { name: 'More than half the days' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    for (const text of [
      'Nearly every day',
      'Several days',
      'Several days',
      'Not at all',
      'Not at all',
      'Not at all',
    ])
      await answer(text);
    await answer('Not at all'); // item 8
    await answer('Not at all'); // item 9
    expect(screen.getByText('One last question, if you like.')).toBeInTheDocument();
    await answer('Somewhat difficult');

    // the Submit button is gone: focus moves to the result's heading, which is described by the score
    const resultHeading = await screen.findByRole('heading', { name: 'Thank you. Your answers were saved.' });
    expect(resultHeading).toHaveFocus();
    expect(resultHeading).toHaveAccessibleDescription(/PHQ-9: 7 of 27.*Mild/);
    expect(resultHeading).toHaveAccessibleDescription(new RegExp(phq9.bands[1]!.plain));
    expect(posted[0]!.path).toBe(`measures/assignments/${assignment.id}/responses`);
    expect(posted[0]!.body.answers).toMatchObject({ 'phq9-1': 2, 'phq9-2': 3, 'phq9-3': 1, 'phq9-10': 1 });
    expect(screen.getByText('PHQ-9: 7 of 27')).toBeInTheDocument();
    expect(screen.getByText(phq9.bands[1]!.plain)).toBeInTheDocument();
    expect(screen.getAllByText(measureMessages.notDiagnosis).length).toBeGreaterThan(0);
    expect(screen.queryByRole('alert')).toBeNull();
    // the list no longer has it waiting; the result stays until Done
    expect(await screen.findByText('Nothing is waiting for you.')).toBeInTheDocument();
    expect(screen.getByText('PHQ-9: 7 of 27')).toBeInTheDocument();
    expect(screen.queryByText(measureMessages.notOpen)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('PHQ-9: 7 of 27')).toBeNull();
  });

  it('offers the waiting questionnaire again once the open one is cancelled', async () => {
    renderPage(`/user/measures?assignment=${assignment.id}`);
    expect(await screen.findByRole('heading', { name: 'PHQ-9: question 1 of 9' })).toBeInTheDocument();
    const waiting = screen.getByRole('region', { name: 'Asked by your providers' });
    expect(within(waiting).getByText('PHQ-9 · Every 2 weeks')).toBeInTheDocument();
    expect(within(waiting).getByText('Open above')).toBeInTheDocument();
    expect(within(waiting).queryByRole('button', { name: 'Start the PHQ-9' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('heading', { name: 'PHQ-9: question 1 of 9' })).toBeNull();
    expect(within(waiting).queryByText('Open above')).toBeNull();
    await userEvent.click(within(waiting).getByRole('button', { name: 'Start the PHQ-9' }));
    expect(await screen.findByRole('heading', { name: 'PHQ-9: question 1 of 9' })).toBeInTheDocument();
  });

  it('closes a questionnaire taken on one’s own with Done, and with Cancel', async () => {
    overview.assignments = [];
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Take the GAD-7' }));
    for (let i = 0; i < 7; i += 1) await answer('Not at all');
    expect(await screen.findByText('GAD-7: 0 of 21')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('GAD-7: 0 of 21')).toBeNull();
    expect(screen.queryByRole('heading', { name: /^GAD-7: question/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Take the PHQ-9' }));
    expect(await screen.findByRole('heading', { name: 'PHQ-9: question 1 of 9' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('heading', { name: /^PHQ-9: question/ })).toBeNull();
  });

  it('says so when the questionnaire a link names is no longer waiting', async () => {
    overview.assignments = [];
    renderPage(`/user/measures?assignment=${assignment.id}`);
    expect(await screen.findByText(measureMessages.notOpen)).toBeInTheDocument();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('shows crisis resources at once when item 9 is above 0, and skips the difficulty question when nothing was checked', async () => {
    renderPage('/user/measures?take=phq9');
    for (let i = 0; i < 8; i += 1) await answer('Not at all');
    await answer('Several days'); // item 9
    // a problem was checked (item 9), so the difficulty question is asked; it may be left out
    await userEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
    const alert = await screen.findByRole('alert');
    expect(screen.getByRole('heading', { name: 'Thank you. Your answers were saved.' })).toHaveFocus();
    expect(alert).toHaveTextContent(crisisResources.heading);
    expect(alert).toHaveTextContent('call or text 988');
    expect(within(alert).getByRole('link', { name: 'Call Suicide & Crisis Lifeline 988' })).toHaveAttribute(
      'href',
      'tel:988',
    );
    expect(posted[0]!.path).toBe('measures/responses');
    expect(posted[0]!.body).toMatchObject({ kind: 'phq9' });
    expect(posted[0]!.body.answers['phq9-10']).toBeUndefined();
  });

  it('keeps the answers when saving fails, and lists nothing waiting', async () => {
    overview.assignments = [];
    saveFailures = 1;
    renderPage();
    expect(await screen.findByText('Nothing is waiting for you.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Take the GAD-7' }));
    for (let i = 0; i < 6; i += 1) await answer('Not at all');
    await answer('Not at all');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your answers were not saved');
    expect(screen.getByRole('radio', { name: 'Not at all' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect(await screen.findByText('GAD-7: 0 of 21')).toBeInTheDocument();
    expect(posted).toHaveLength(2);
  });

  it('says why the list did not load, and loads it again on retry', async () => {
    listFailures = 1;
    renderPage();
    expect(await screen.findByText('Unable to load your questionnaires')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByRole('region', { name: 'Asked by your providers' })).toBeInTheDocument();
  });
});
