import { createTool } from '@mastra/core/tools';
import { act, render, screen } from '@testing-library/react';
import { createToolpaneStore, type DisplayValue, type ToolpaneStore } from '@toolpane/client';
import { ToolpaneProvider } from '@toolpane/react';
import {
  createToolRegistry,
  defineToolRenderer,
  ToolCallView,
  type ToolMismatchProps,
  type ToolRegistry,
  type ToolRendererProps,
  type ValidateDisplayOptions,
  validateDisplayValue,
} from '@toolpane/react/registry';
import { type } from 'arktype';
import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { loadFixture } from '../utils/fixtures.js';

function storeWith(...fixtures: string[]): ToolpaneStore {
  const store = createToolpaneStore();
  for (const name of fixtures) store.dispatchMany(loadFixture(name));
  return store;
}

function show(store: ToolpaneStore, registry: ToolRegistry, ...toolCallIds: string[]) {
  return render(
    <ToolpaneProvider store={store} registry={registry}>
      {toolCallIds.map((id) => (
        <ToolCallView key={id} toolCallId={id} fallback={<p>no renderer for {id}</p>} />
      ))}
    </ToolpaneProvider>,
  );
}

const Named = ({ toolName, status }: ToolRendererProps) => (
  <p>
    {toolName}: {status}
  </p>
);

const CustomMismatch = ({ toolName, mismatches }: ToolMismatchProps) => (
  <p>
    custom {toolName} {mismatches.map((m) => m.field).join(',')}
  </p>
);

const weather = {
  inputSchema: z.object({ city: z.string() }),
  outputSchema: z.object({ city: z.string(), tempC: z.number(), sky: z.string() }),
};

describe('createToolRegistry: picking a renderer', () => {
  const registry = createToolRegistry({
    weatherTool: defineToolRenderer(weather, ({ output }) => (
      <p>weather card {output.kind === 'valid' ? output.value.tempC : ''}</p>
    )),
    'agent-*': ({ toolName }) => <p>subagent card {toolName}</p>,
    'workflow-*': ({ toolName }) => <p>workflow card {toolName}</p>,
    '*': ({ toolName }) => <p>fallback card {toolName}</p>,
  });

  it('uses the renderer registered under the toolName', () => {
    show(storeWith('tool-then-text'), registry, 'call-weather-1');
    expect(screen.getByText('weather card 21')).toBeInTheDocument();
  });

  it('uses agent-* for subagent calls and the toolName for the calls inside', () => {
    show(storeWith('subagent'), registry, 'call-agent-1', 'sub-call-1');
    expect(screen.getByText('subagent card agent-weather')).toBeInTheDocument();
    expect(screen.getByText('weather card 21')).toBeInTheDocument();
  });

  it('uses workflow-* for workflow calls', () => {
    show(storeWith('workflow-tool'), registry, 'call-report-1');
    expect(screen.getByText('workflow card workflow-report')).toBeInTheDocument();
  });

  it('uses * for any other tool', () => {
    show(storeWith('approval-request'), registry, 'call-del-1');
    expect(screen.getByText('fallback card deleteTool')).toBeInTheDocument();
  });

  it('prefers an exact toolName over agent-*', () => {
    const exact = createToolRegistry({
      'agent-weather': ({ toolName }) => <p>exact {toolName}</p>,
      'agent-*': Named,
    });
    show(storeWith('subagent'), exact, 'call-agent-1');
    expect(screen.getByText('exact agent-weather')).toBeInTheDocument();
  });

  it('falls back to * for agent and workflow calls without their own fallback', () => {
    const onlyStar = createToolRegistry({ '*': Named });
    show(storeWith('subagent', 'workflow-tool'), onlyStar, 'call-agent-1', 'call-report-1');
    expect(screen.getByText('agent-weather: output-available')).toBeInTheDocument();
    expect(screen.getByText('workflow-report: output-available')).toBeInTheDocument();
  });

  it('shows the fallback node when nothing matches or the call is unknown', () => {
    const onlyWeather = createToolRegistry({ weatherTool: Named });
    show(storeWith('approval-request'), onlyWeather, 'call-del-1', 'no-such-call');
    expect(screen.getByText('no renderer for call-del-1')).toBeInTheDocument();
    expect(screen.getByText('no renderer for no-such-call')).toBeInTheDocument();
  });

  it('takes the registry from its own prop over the provider', () => {
    const store = storeWith('tool-then-text');
    render(
      <ToolpaneProvider store={store} registry={registry}>
        <ToolCallView toolCallId="call-weather-1" registry={createToolRegistry({ '*': Named })} />
      </ToolpaneProvider>,
    );
    expect(screen.getByText('weatherTool: output-available')).toBeInTheDocument();
  });
});

describe('validation of displayed values', () => {
  it('passes validated input and output to a typed renderer', () => {
    const seen = vi.fn();
    const registry = createToolRegistry({
      weatherTool: defineToolRenderer(weather, ({ input, output }) => {
        seen(input, output);
        return <p>ok</p>;
      }),
    });
    show(storeWith('tool-then-text'), registry, 'call-weather-1');
    expect(seen).toHaveBeenLastCalledWith(
      { kind: 'valid', value: { city: 'Paris' } },
      { kind: 'valid', value: { city: 'Paris', tempC: 21, sky: 'sunny' } },
    );
  });

  it('shows a mismatch instead of the renderer when the output does not fit the schema', () => {
    const render = vi.fn(() => <p>never</p>);
    const registry = createToolRegistry({
      weatherTool: defineToolRenderer(
        { outputSchema: z.object({ city: z.string(), tempF: z.number() }) },
        render,
      ),
    });
    show(storeWith('tool-then-text'), registry, 'call-weather-1');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveAttribute('data-slot', 'tool-call-mismatch');
    expect(alert).toHaveTextContent("weatherTool: what arrived does not match the tool's schema.");
    expect(alert).toHaveTextContent('output /tempF:');
    expect(render).not.toHaveBeenCalled();
  });

  it('renders a streaming input as partial, without validating it', () => {
    const chunks = loadFixture('tool-then-text');
    const store = createToolpaneStore();
    store.dispatchMany(chunks.slice(0, 4));
    const seen = vi.fn();
    const registry = createToolRegistry({
      weatherTool: defineToolRenderer(weather, ({ input, status }) => {
        seen(status, input);
        return <p>{status}</p>;
      }),
    });
    show(store, registry, 'call-weather-1');
    expect(seen).toHaveBeenLastCalledWith('input-streaming', { kind: 'partial', value: {} });

    act(() => store.dispatchMany(chunks.slice(4, 8)));
    expect(seen).toHaveBeenLastCalledWith('input-available', {
      kind: 'valid',
      value: { city: 'Paris' },
    });
  });

  it('checks transformed values against the display schema', () => {
    const seen = vi.fn();
    const registry = createToolRegistry({
      crmLookupTool: defineToolRenderer(
        { outputSchema: z.object({ sessionToken: z.string() }) },
        ({ output }) => {
          seen(output);
          return <p>crm</p>;
        },
        {
          display: {
            output: z.object({
              customer: z.object({ name: z.string(), email: z.string(), plan: z.string() }),
            }),
          },
        },
      ),
    });
    show(storeWith('transform-input-whole'), registry, 'call-crm-2');
    expect(seen).toHaveBeenLastCalledWith({
      kind: 'transformed',
      value: { customer: { name: 'Ada Lovelace', email: 'ada@example.com', plan: 'enterprise' } },
    });
  });

  it('reports a transformed value that fails its display schema', () => {
    const registry = createToolRegistry({
      crmLookupTool: defineToolRenderer({}, () => <p>never</p>, {
        display: { output: z.object({ customer: z.object({ phone: z.string() }) }) },
      }),
    });
    show(storeWith('transform-input-whole'), registry, 'call-crm-2');
    expect(screen.getByRole('alert')).toHaveTextContent('output /customer/phone:');
  });

  it('passes a hidden value through as a placeholder, never the raw value', () => {
    const seen = vi.fn();
    const registry = createToolRegistry({
      exportTool: defineToolRenderer(
        { outputSchema: z.object({ file: z.string(), bytes: z.number() }) },
        ({ output }) => {
          seen(output);
          return <p>export</p>;
        },
      ),
    });
    show(storeWith('transform-failed'), registry, 'call-export-1');
    expect(seen).toHaveBeenLastCalledWith({
      kind: 'hidden',
      reason: 'failed',
      message: 'Tool output-available payload unavailable',
    });
  });

  it('validates the suspend payload and hands out the approval handle', () => {
    const seen = vi.fn();
    const registry = createToolRegistry({
      bookTableTool: defineToolRenderer(
        {
          suspendSchema: z.object({ reason: z.string() }),
          resumeSchema: z.object({ confirmed: z.boolean(), note: z.string().optional() }),
        },
        ({ suspendPayload, approval }) => {
          seen(suspendPayload, approval.status, approval.kind);
          return <p>book</p>;
        },
      ),
    });
    show(storeWith('suspend-request'), registry, 'call-book-1');
    expect(seen).toHaveBeenLastCalledWith(
      { kind: 'valid', value: { reason: 'Confirm a table for 4 at Chez Marie, 19:30?' } },
      'suspended',
      'suspension',
    );
  });

  it('uses the mismatch component the registry names', () => {
    const registry = createToolRegistry(
      { weatherTool: defineToolRenderer({ inputSchema: z.object({ city: z.number() }) }, Named) },
      { mismatch: CustomMismatch },
    );
    show(storeWith('tool-then-text'), registry, 'call-weather-1');
    expect(screen.getByText('custom weatherTool input')).toBeInTheDocument();
  });

  it('works with valibot and arktype schemas', () => {
    const registry = createToolRegistry({
      weatherTool: defineToolRenderer(
        { outputSchema: v.object({ city: v.string(), tempC: v.number(), sky: v.string() }) },
        ({ output }) => <p>valibot {output.kind === 'valid' ? output.value.sky : ''}</p>,
      ),
      stationTool: defineToolRenderer(
        { outputSchema: type({ station: 'string', tempC: 'number' }) },
        ({ output }) => <p>arktype {output.kind === 'valid' ? output.value.station : ''}</p>,
      ),
    });
    show(
      storeWith('tool-then-text', 'subagent-two-level'),
      registry,
      'call-weather-1',
      'call-station-1',
    );
    expect(screen.getByText('valibot sunny')).toBeInTheDocument();
    expect(screen.getByText('arktype LFPG')).toBeInTheDocument();
  });

  it('reports valibot and arktype issues with their paths', () => {
    const registry = createToolRegistry({
      weatherTool: defineToolRenderer({ outputSchema: v.object({ tempC: v.string() }) }, Named),
      stationTool: defineToolRenderer({ outputSchema: type({ windKmh: 'string' }) }, Named),
    });
    show(
      storeWith('tool-then-text', 'subagent-two-level'),
      registry,
      'call-weather-1',
      'call-station-1',
    );
    const [weatherAlert, stationAlert] = screen.getAllByRole('alert');
    expect(weatherAlert).toHaveTextContent('output /tempC:');
    expect(stationAlert).toHaveTextContent('output /windKmh:');
  });
});

describe('a Mastra createTool result', () => {
  const weatherTool = createTool({
    id: 'weather',
    description: 'Current weather for a city',
    inputSchema: z.object({ city: z.string() }),
    outputSchema: z.object({ city: z.string(), tempC: z.number(), sky: z.string() }),
    execute: async ({ city }) => ({ city, tempC: 21, sky: 'sunny' }),
  });

  it('types and validates the card from the tool itself', () => {
    const registry = createToolRegistry({
      weatherTool: defineToolRenderer(weatherTool, ({ input, output }) => (
        <p>
          {input.kind === 'valid' ? input.value.city : ''}{' '}
          {output.kind === 'valid' ? `${output.value.tempC} °C, ${output.value.sky}` : ''}
        </p>
      )),
    });
    show(storeWith('tool-then-text'), registry, 'call-weather-1');
    expect(screen.getByText('Paris 21 °C, sunny')).toBeInTheDocument();
  });
});

describe('a renderer that throws', () => {
  it('shows an error note for that call and leaves the others rendered', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const registry = createToolRegistry({
      weatherTool: () => {
        throw new Error('card exploded');
      },
      '*': Named,
    });
    show(storeWith('parallel-tools-error'), registry, 'call-weather-2', 'call-flights-1');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'weatherTool could not be shown: card exploded',
    );
    expect(screen.getByText('flightsTool: output-error')).toBeInTheDocument();
  });
});

type Schema = NonNullable<ValidateDisplayOptions['schema']>;

describe('validateDisplayValue', () => {
  const raw: DisplayValue = { kind: 'raw', value: { city: 'Paris' } };

  it('returns the same object for the same value and schema', () => {
    const schema = z.object({ city: z.string() });
    const first = validateDisplayValue(raw, { schema });
    expect(first).toEqual({ kind: 'valid', value: { city: 'Paris' } });
    expect(validateDisplayValue(raw, { schema })).toBe(first);
  });

  it('turns a throwing or asynchronous schema into a mismatch', () => {
    const throwing: Schema = {
      '~standard': {
        version: 1,
        vendor: 'test',
        validate: () => {
          throw new Error('schema blew up');
        },
      },
    };
    const asynchronous: Schema = {
      '~standard': { version: 1, vendor: 'test', validate: async (value: unknown) => ({ value }) },
    };
    expect(validateDisplayValue(raw, { schema: throwing })).toMatchObject({
      kind: 'mismatch',
      issues: [{ path: '', message: 'schema blew up' }],
    });
    expect(validateDisplayValue(raw, { schema: asynchronous })).toMatchObject({
      kind: 'mismatch',
      issues: [{ message: expect.stringContaining('asynchronously') }],
    });
  });
});
