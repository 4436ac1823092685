import { act, fireEvent, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';
import { renderForm, sessionWith, submit } from './resume-form-setup';

/*
 * A resume form answers the suspension it showed. When the tool suspends again while the person
 * is sending the form (recorded: suspend-again-*.jsonl, where the tool refuses a code and asks
 * anew), the data is not sent for the new suspension: the form shows the new one and says the
 * request changed, and only a submit made on it resumes it.
 */

const CALL = 'call-verify-again-1';

/** The recorded second suspension of the call: the tool asks again, with a new payload. */
const suspendsAgain = () =>
  loadFixture('suspend-again-resume-first').find((chunk) =>
    /suspended$/.test((chunk as { type: string }).type),
  )!;

describe('a resume form whose call suspends again while it is sent', () => {
  it('sends nothing for the new suspension, shows it, and resumes it on a new submit', async () => {
    const user = userEvent.setup();
    const { session, sent } = sessionWith(loadFixture('suspend-again-request'), [
      loadFixture('suspend-again-resume-second'),
    ]);
    const form = renderForm(session, CALL, 'verifyIdentityTool');
    const code = () => within(form).getByRole('textbox', { name: /^Code/ });
    expect(within(form).getByText(/Enter the code sent to grace/)).toBeInTheDocument();
    await user.type(code(), '111111');
    // Submitted on the form as drawn; the tool suspends anew before the data goes out.
    act(() => {
      fireEvent.submit(form);
      session.store.dispatch(suspendsAgain() as never);
    });
    await waitFor(() => expect(within(form).getByText(/request changed/)).toBeInTheDocument());
    expect(sent).toEqual([]);
    // The form shows the new suspension, and waits for the person.
    expect(within(form).getByText(/Code 111111 is wrong/)).toBeInTheDocument();
    expect(form).toHaveAttribute('data-state', 'failed');
    await user.clear(code());
    await user.type(code(), '246810');
    await submit(form, user);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({ toolCallId: CALL, resumeData: { code: '246810' } });
  });
});

describe('a resume form whose call suspends again', () => {
  it('says the request is new once the tool asks again, and not before', async () => {
    const { session } = sessionWith(loadFixture('suspend-again-request'), []);
    const form = renderForm(session, CALL, 'verifyIdentityTool');
    const payload = () => form.querySelector('.tp-resume-form-payload')!;
    expect(payload()).toHaveAttribute('data-revision', '1');
    expect(within(form).queryByRole('note')).toBeNull();
    act(() => session.store.dispatch(suspendsAgain() as never));
    await waitFor(() => expect(payload()).toHaveAttribute('data-revision', '2'));
    expect(within(form).getByRole('note')).toHaveTextContent(
      'New request: the tool asked again. Check it again.',
    );
    // The same suspension seen again (a replayed chunk) is no newer.
    act(() => session.store.dispatch(suspendsAgain() as never));
    expect(payload()).toHaveAttribute('data-revision', '2');
  });
});
