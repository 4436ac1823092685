import { createTool } from '@mastra/core/tools';
import type { FieldError } from '@toolpane/client';
import type { DecisionResult } from '@toolpane/react';
import {
  createToolRegistry,
  defineToolRenderer,
  type InferToolInput,
  type InferToolOutput,
  type InferToolResume,
  type InferToolSuspend,
  type ShownValue,
  type ToolRegistryProps,
  type ToolRendererProps,
} from '@toolpane/react/registry';
import { type } from 'arktype';
import * as v from 'valibot';
import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { z as z4 } from 'zod/v4';

interface Weather {
  city: string;
  tempC: number;
  sky: 'sunny' | 'cloudy';
}

const weatherTool = createTool({
  id: 'weather',
  description: 'Current weather for a city',
  inputSchema: z.object({ city: z.string() }),
  outputSchema: z.object({
    city: z.string(),
    tempC: z.number(),
    sky: z.enum(['sunny', 'cloudy']),
  }),
  execute: async ({ city }) => ({ city, tempC: 21, sky: 'sunny' as const }),
});

const bookTableTool = createTool({
  id: 'book-table',
  description: 'Books a table after the user confirms',
  inputSchema: z.object({ restaurant: z.string(), people: z.number() }),
  suspendSchema: z.object({ reason: z.string() }),
  resumeSchema: z.object({ confirmed: z.boolean(), note: z.string().optional() }),
  execute: async () => ({ booked: true }),
});

const noSchemaTool = createTool({
  id: 'ping',
  description: 'No schemas at all',
  execute: async () => 'pong',
});

describe('types from a Mastra createTool result', () => {
  it('infers input, output, suspend payload and resume data', () => {
    expectTypeOf<InferToolInput<typeof weatherTool>>().toEqualTypeOf<{ city: string }>();
    expectTypeOf<InferToolOutput<typeof weatherTool>>().toEqualTypeOf<Weather>();
    expectTypeOf<InferToolSuspend<typeof bookTableTool>>().toEqualTypeOf<{ reason: string }>();
    expectTypeOf<InferToolResume<typeof bookTableTool>>().toEqualTypeOf<{
      confirmed: boolean;
      note?: string | undefined;
    }>();
  });

  it('gives unknown for a tool without schemas', () => {
    expectTypeOf<InferToolInput<typeof noSchemaTool>>().toBeUnknown();
    expectTypeOf<InferToolOutput<typeof noSchemaTool>>().toBeUnknown();
  });

  it('types the props of a renderer bound to the tool', () => {
    defineToolRenderer(weatherTool, (props) => {
      expectTypeOf(props.input).toEqualTypeOf<ShownValue<{ city: string }, unknown>>();
      expectTypeOf(props.output).toEqualTypeOf<ShownValue<Weather, unknown>>();
      if (props.output.kind === 'valid') {
        expectTypeOf(props.output.value.tempC).toEqualTypeOf<number>();
        // @ts-expect-error the output has no tempF
        props.output.value.tempF;
      }
      if (props.input.kind === 'partial') {
        expectTypeOf(props.input.value).toEqualTypeOf<{ city?: string }>();
      }
      if (props.output.kind === 'transformed') {
        expectTypeOf(props.output.value).toBeUnknown();
      }
      return null;
    });
  });

  it('types resume from the resume schema', () => {
    defineToolRenderer(bookTableTool, ({ approval, suspendPayload }) => {
      expectTypeOf(approval.resume)
        .parameter(0)
        .toEqualTypeOf<{ confirmed: boolean; note?: string | undefined }>();
      expectTypeOf(approval.resume).returns.toEqualTypeOf<Promise<DecisionResult>>();
      expectTypeOf(approval.fieldErrors).toEqualTypeOf<readonly FieldError[]>();
      if (suspendPayload.kind === 'valid') {
        expectTypeOf(suspendPayload.value).toEqualTypeOf<{ reason: string }>();
      }
      // @ts-expect-error `confirmed` must be a boolean
      void approval.resume({ confirmed: 'yes' });
      return null;
    });
  });
});

describe('types from Standard Schema pairs', () => {
  it('reads zod 4 schemas', () => {
    const tool = {
      inputSchema: z4.object({ query: z4.string() }),
      outputSchema: z4.object({ hits: z4.array(z4.object({ url: z4.url() })) }),
    };
    expectTypeOf<InferToolInput<typeof tool>>().toEqualTypeOf<{ query: string }>();
    expectTypeOf<InferToolOutput<typeof tool>>().toEqualTypeOf<{ hits: { url: string }[] }>();
  });

  it('reads valibot schemas', () => {
    const tool = {
      inputSchema: v.object({ city: v.string() }),
      outputSchema: v.object({ tempC: v.number(), sky: v.picklist(['sunny', 'cloudy']) }),
    };
    defineToolRenderer(tool, ({ input, output }) => {
      expectTypeOf(input).toEqualTypeOf<ShownValue<{ city: string }, unknown>>();
      expectTypeOf(output).toEqualTypeOf<
        ShownValue<{ tempC: number; sky: 'sunny' | 'cloudy' }, unknown>
      >();
      return null;
    });
  });

  it('reads arktype schemas', () => {
    const tool = {
      inputSchema: type({ station: 'string' }),
      outputSchema: type({ station: 'string', tempC: 'number' }),
    };
    expectTypeOf<InferToolInput<typeof tool>>().toEqualTypeOf<{ station: string }>();
    expectTypeOf<InferToolOutput<typeof tool>>().toEqualTypeOf<{
      station: string;
      tempC: number;
    }>();
  });

  it('uses the schema output type, after transforms', () => {
    const tool = { outputSchema: z.object({ at: z.string().transform((s) => new Date(s)) }) };
    expectTypeOf<InferToolOutput<typeof tool>>().toEqualTypeOf<{ at: Date }>();
  });
});

describe('display schemas', () => {
  it('types transformed values from the display schema', () => {
    const crmTool = {
      outputSchema: z.object({ customer: z.object({ email: z.string() }), token: z.string() }),
    };
    defineToolRenderer(
      crmTool,
      ({ output }) => {
        if (output.kind === 'transformed') {
          expectTypeOf(output.value).toEqualTypeOf<{ customer: { email: string } }>();
          // @ts-expect-error the display shape drops the token
          output.value.token;
        }
        if (output.kind === 'valid') expectTypeOf(output.value.token).toEqualTypeOf<string>();
        return null;
      },
      { display: { output: z.object({ customer: z.object({ email: z.string() }) }) } },
    );
  });
});

const WeatherCard = (props: ToolRendererProps<typeof weatherTool>) => {
  expectTypeOf(props.toolName).toEqualTypeOf<string>();
  return null;
};
const AnyCard = (_props: ToolRendererProps) => null;

describe('createToolRegistry', () => {
  const registry = createToolRegistry({
    weatherTool: defineToolRenderer(weatherTool, WeatherCard),
    bookTableTool: defineToolRenderer(bookTableTool, AnyCard),
    'agent-*': ({ input }) => {
      expectTypeOf(input).toEqualTypeOf<ShownValue<unknown, unknown>>();
      return null;
    },
    '*': AnyCard,
  });

  it('keeps the props type of every entry', () => {
    expectTypeOf<ToolRegistryProps<typeof registry, 'weatherTool'>['output']>().toEqualTypeOf<
      ShownValue<Weather, unknown>
    >();
    expectTypeOf<ToolRegistryProps<typeof registry, '*'>>().toEqualTypeOf<ToolRendererProps>();
    expectTypeOf<ToolRegistryProps<typeof registry, 'bookTableTool'>['approval']['resume']>()
      .parameter(0)
      .toEqualTypeOf<{ confirmed: boolean; note?: string | undefined }>();
  });

  it('refuses a typed card registered without its schemas', () => {
    // @ts-expect-error a typed card needs defineToolRenderer, which validates what it gets
    createToolRegistry({ weatherTool: WeatherCard });
  });

  it('refuses a card typed for another tool', () => {
    // @ts-expect-error WeatherCard expects the weather tool's props
    defineToolRenderer(bookTableTool, WeatherCard);
  });
});
