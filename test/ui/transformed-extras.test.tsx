import { render } from '@testing-library/react';
import { type ClientTransforms, createToolpaneStore } from '@toolpane/client';
import { ToolpaneProvider } from '@toolpane/react';
import { ToolCall, WorkflowRun } from '@toolpane/ui';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../utils/fixtures';

function renderWith(name: string, transforms: ClientTransforms | undefined, node: ReactNode) {
  const store = createToolpaneStore(transforms === undefined ? {} : { transforms });
  store.dispatchMany(loadFixture(name));
  return render(<ToolpaneProvider store={store}>{node}</ToolpaneProvider>);
}

describe('values derived from raw payloads under a display transform', () => {
  it('shows what the model saw only where no display transform applies', () => {
    const plain = renderWith(
      'subagent',
      undefined,
      <ToolCall.Root toolCallId="call-agent-1" defaultOpen />,
    );
    expect(plain.container.querySelector('[data-slot="tool-call-model-output"]')).not.toBeNull();
    plain.unmount();

    const hidden = renderWith(
      'subagent',
      { 'agent-weather': { input: () => ({ prompt: '…' }), output: () => ({ text: 'Done.' }) } },
      <ToolCall.Root toolCallId="call-agent-1" defaultOpen />,
    );
    expect(hidden.container.querySelector('[data-slot="tool-call-model-output"]')).toBeNull();
    expect(hidden.container.textContent).toContain('Done.');
    expect(hidden.container.textContent).not.toContain('Paris: 21°C, sunny.');
  });

  it('keeps workflow step payloads out of sight when the workflow call is transformed', () => {
    const plain = renderWith(
      'workflow-tool',
      undefined,
      <WorkflowRun.Root toolCallId="call-report-1" />,
    );
    expect(plain.container.querySelector('[data-slot="workflow-step-details"]')).not.toBeNull();
    plain.unmount();

    const hidden = renderWith(
      'workflow-tool',
      { 'workflow-report': { input: () => ({ topic: 'hidden' }), output: () => ({ ok: true }) } },
      <WorkflowRun.Root toolCallId="call-report-1" />,
    );
    expect(hidden.container.querySelector('[data-slot="workflow-step-details"]')).toBeNull();
    expect(hidden.container.textContent).toContain('summarize');
    expect(hidden.container.textContent).not.toContain('1250000');
  });
});
