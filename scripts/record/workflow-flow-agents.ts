/**
 * Workflows with control flow, each used as an agent's tool (`workflow-<key>`): parallel steps,
 * a branch, a foreach with concurrency, a do-until loop, nested workflows (one and two deep) and a step that throws
 * inside a parallel block. Real @mastra/core workflows; the agents run on scripted mock models.
 * Every toolCallId is unique across all agents of `pnpm record`.
 */
import { Agent } from '@mastra/core/agent';
import { createStep, createWorkflow } from '@mastra/core/workflows';
import { z } from 'zod';
import { scriptedModel, step, text, toolCall } from './models.ts';

const INSTRUCTIONS = 'You are a helpful assistant.';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const depot = z.object({ depot: z.string() });
const vans = z.object({ vans: z.number(), ready: z.number() });
const drivers = z.object({ drivers: z.number(), onShift: z.number() });

// ---------------------------------------------------------------------------------------------
// Parallel: two checks run at once; their starts and results interleave (the slower starts first).

const checkVans = createStep({
  id: 'check-vans',
  description: 'Count the ready vans.',
  inputSchema: depot,
  outputSchema: vans,
  execute: async () => {
    await sleep(40);
    return { vans: 14, ready: 12 };
  },
});

const checkDrivers = createStep({
  id: 'check-drivers',
  description: 'Count the drivers on shift.',
  inputSchema: depot,
  outputSchema: drivers,
  execute: async () => {
    await sleep(10);
    return { drivers: 9, onShift: 7 };
  },
});

const fleetSummary = createStep({
  id: 'fleet-summary',
  description: 'Sum up both checks.',
  inputSchema: z.object({ 'check-vans': vans, 'check-drivers': drivers }),
  outputSchema: z.object({ summary: z.string() }),
  execute: async ({ inputData }) => ({
    summary: `${inputData['check-vans'].ready} vans ready, ${inputData['check-drivers'].onShift} drivers on shift`,
  }),
});

/** `fleet-workflow`: `.parallel([check-vans, check-drivers]).then(fleet-summary)`. */
export function createFleetWorkflow() {
  return createWorkflow({
    id: 'fleet-workflow',
    description: 'Check vans and drivers of a depot at the same time.',
    inputSchema: depot,
    outputSchema: z.object({ summary: z.string() }),
  })
    .parallel([checkVans, checkDrivers])
    .then(fleetSummary)
    .commit();
}

// ---------------------------------------------------------------------------------------------
// Branch: a large expense goes to a manager, a small one is approved at once. Only one runs.

const expense = z.object({ item: z.string(), amount: z.number() });
const decision = z.object({ decision: z.string(), by: z.string() });

const managerReview = createStep({
  id: 'manager-review',
  description: 'A manager looks at a large expense.',
  inputSchema: expense,
  outputSchema: decision,
  execute: async ({ inputData }) => ({ decision: `review ${inputData.item}`, by: 'manager' }),
});

const autoApprove = createStep({
  id: 'auto-approve',
  description: 'Approve a small expense at once.',
  inputSchema: expense,
  outputSchema: decision,
  execute: async ({ inputData }) => ({ decision: `approved ${inputData.item}`, by: 'policy' }),
});

/** `triage-workflow`: `.branch([[amount > 1000, manager-review], [amount <= 1000, auto-approve]])`. */
export function createTriageWorkflow() {
  return createWorkflow({
    id: 'triage-workflow',
    description: 'Route an expense by its amount.',
    inputSchema: expense,
    outputSchema: z.object({}).passthrough(),
  })
    .branch([
      [async ({ inputData }) => inputData.amount > 1000, managerReview],
      [async ({ inputData }) => inputData.amount <= 1000, autoApprove],
    ])
    .commit();
}

// ---------------------------------------------------------------------------------------------
// Foreach: four images resized two at a time; later items finish first.

const listImages = createStep({
  id: 'list-images',
  description: 'List the images of an album.',
  inputSchema: z.object({ album: z.string() }),
  outputSchema: z.array(z.object({ file: z.string(), ms: z.number() })),
  execute: async ({ inputData }) =>
    ['cover', 'beach', 'harbour', 'sunset'].map((name, i) => ({
      file: `${inputData.album}/${name}.jpg`,
      ms: [30, 10, 25, 5][i]!,
    })),
});

const resizeImage = createStep({
  id: 'resize-image',
  description: 'Make a thumbnail of one image.',
  inputSchema: z.object({ file: z.string(), ms: z.number() }),
  outputSchema: z.object({ thumbnail: z.string() }),
  execute: async ({ inputData }) => {
    await sleep(inputData.ms);
    return { thumbnail: inputData.file.replace('.jpg', '.thumb.jpg') };
  },
});

/** `thumbnails-workflow`: `list-images`, then `.foreach(resize-image, { concurrency: 2 })`. */
export function createThumbnailsWorkflow() {
  return createWorkflow({
    id: 'thumbnails-workflow',
    description: 'Make thumbnails of every image of an album.',
    inputSchema: z.object({ album: z.string() }),
    outputSchema: z.array(z.object({ thumbnail: z.string() })),
  })
    .then(listImages)
    .foreach(resizeImage, { concurrency: 2 })
    .commit();
}

// ---------------------------------------------------------------------------------------------
// Do-until: the same step polls a job three times.

const job = z.object({ job: z.string(), polls: z.number(), done: z.boolean() });

const pollJob = createStep({
  id: 'poll-job',
  description: 'Ask whether the export job is done.',
  inputSchema: job,
  outputSchema: job,
  execute: async ({ inputData }) => {
    await sleep(5);
    const polls = inputData.polls + 1;
    return { job: inputData.job, polls, done: polls >= 3 };
  },
});

/** `poll-workflow`: `.dountil(poll-job, done)`. */
export function createPollWorkflow() {
  return createWorkflow({
    id: 'poll-workflow',
    description: 'Wait for an export job by polling it.',
    inputSchema: job,
    outputSchema: job,
  })
    .dountil(pollJob, async ({ inputData }) => inputData.done)
    .commit();
}

// ---------------------------------------------------------------------------------------------
// Nested: a shipping workflow (two steps) runs as one step of an order workflow.

const order = z.object({ orderId: z.string() });
const parcel = z.object({ orderId: z.string(), parcel: z.string() });
const label = z.object({ orderId: z.string(), label: z.string() });

const packOrder = createStep({
  id: 'pack-order',
  description: 'Pack the order.',
  inputSchema: order,
  outputSchema: parcel,
  execute: async ({ inputData }) => ({ orderId: inputData.orderId, parcel: 'box-M' }),
});

const printLabel = createStep({
  id: 'print-label',
  description: 'Print the shipping label.',
  inputSchema: parcel,
  outputSchema: label,
  execute: async ({ inputData }) => ({ orderId: inputData.orderId, label: 'DHL-55012' }),
});

const shippingWorkflow = () =>
  createWorkflow({
    id: 'shipping-workflow',
    description: 'Pack and label an order.',
    inputSchema: order,
    outputSchema: label,
  })
    .then(packOrder)
    .then(printLabel)
    .commit();

const validateOrder = createStep({
  id: 'validate-order',
  description: 'Check the order exists.',
  inputSchema: order,
  outputSchema: order,
  execute: async ({ inputData }) => inputData,
});

const notifyCustomer = createStep({
  id: 'notify-customer',
  description: 'Tell the customer the label number.',
  inputSchema: label,
  outputSchema: z.object({ message: z.string() }),
  execute: async ({ inputData }) => ({
    message: `Order ${inputData.orderId} ships with ${inputData.label}`,
  }),
});

/** `order-workflow`: `validate-order`, the nested `shipping-workflow`, `notify-customer`. */
export function createOrderWorkflow() {
  return createWorkflow({
    id: 'order-workflow',
    description: 'Validate, ship and notify an order.',
    inputSchema: order,
    outputSchema: z.object({ message: z.string() }),
  })
    .then(validateOrder)
    .then(shippingWorkflow())
    .then(notifyCustomer)
    .commit();
}

// ---------------------------------------------------------------------------------------------
// Nested two deep, side by side: a dispatch workflow runs an export workflow (which runs a
// customs workflow) in parallel with the shipping workflow, then a step whose own id has a dot.

const bookCarrier = createStep({
  id: 'book-carrier',
  description: 'Book a carrier for the export.',
  inputSchema: order,
  outputSchema: order,
  execute: async ({ inputData }) => {
    await sleep(5);
    return inputData;
  },
});

const declareGoods = createStep({
  id: 'declare-goods',
  description: 'Declare the goods to customs.',
  inputSchema: order,
  outputSchema: z.object({ orderId: z.string(), declaration: z.string() }),
  execute: async ({ inputData }) => ({ orderId: inputData.orderId, declaration: 'EX-2291' }),
});

const payDuties = createStep({
  id: 'pay-duties',
  description: 'Pay the export duties.',
  inputSchema: z.object({ orderId: z.string(), declaration: z.string() }),
  outputSchema: z.object({ declaration: z.string(), eur: z.number() }),
  execute: async ({ inputData }) => ({ declaration: inputData.declaration, eur: 38 }),
});

const customsWorkflow = () =>
  createWorkflow({
    id: 'customs-workflow',
    description: 'Declare the goods and pay the duties.',
    inputSchema: order,
    outputSchema: z.object({ declaration: z.string(), eur: z.number() }),
  })
    .then(declareGoods)
    .then(payDuties)
    .commit();

const exportWorkflow = () =>
  createWorkflow({
    id: 'export-workflow',
    description: 'Book a carrier and clear customs.',
    inputSchema: order,
    outputSchema: z.object({ declaration: z.string(), eur: z.number() }),
  })
    .then(bookCarrier)
    .then(customsWorkflow())
    .commit();

const confirmDispatch = createStep({
  id: 'confirm.dispatch',
  description: 'Confirm the dispatch.',
  inputSchema: z.object({}).passthrough(),
  outputSchema: z.object({ confirmed: z.boolean() }),
  execute: async () => ({ confirmed: true }),
});

/**
 * `dispatch-workflow`: `.parallel([export-workflow, shipping-workflow])`, where `export-workflow`
 * runs `customs-workflow`, then `confirm.dispatch` (a top-level step whose id has a dot).
 */
export function createDispatchWorkflow() {
  return createWorkflow({
    id: 'dispatch-workflow',
    description: 'Export and ship an order, then confirm.',
    inputSchema: order,
    outputSchema: z.object({ confirmed: z.boolean() }),
  })
    .parallel([exportWorkflow(), shippingWorkflow()])
    .then(confirmDispatch)
    .commit();
}

// ---------------------------------------------------------------------------------------------
// Failure: one of two parallel steps throws; the workflow fails.

const quoteRoad = createStep({
  id: 'quote-road',
  description: 'Quote road freight.',
  inputSchema: z.object({ route: z.string() }),
  outputSchema: z.object({ eur: z.number() }),
  execute: async () => {
    await sleep(5);
    return { eur: 420 };
  },
});

const quoteAir = createStep({
  id: 'quote-air',
  description: 'Quote air freight.',
  inputSchema: z.object({ route: z.string() }),
  outputSchema: z.object({ eur: z.number() }),
  execute: async () => {
    await sleep(15);
    throw new Error('Air carrier API timed out');
  },
});

/** `freight-workflow`: `.parallel([quote-road, quote-air])`, where `quote-air` throws. */
export function createFreightWorkflow() {
  return createWorkflow({
    id: 'freight-workflow',
    description: 'Quote road and air freight for a route.',
    inputSchema: z.object({ route: z.string() }),
    outputSchema: z.object({}).passthrough(),
    retryConfig: { attempts: 0 },
  })
    .parallel([quoteRoad, quoteAir])
    .commit();
}

// ---------------------------------------------------------------------------------------------
// Agents: each calls its workflow tool once, then answers.

/** An agent whose model calls `workflow-<key>` with `inputData`, then says `answer`. */
function workflowAgent(
  key: string,
  workflow: ReturnType<typeof createWorkflow>,
  inputData: unknown,
  answer: string,
) {
  const id = `${key}-flow-agent`;
  return new Agent({
    instructions: INSTRUCTIONS,
    id,
    name: id,
    workflows: { [key]: workflow },
    model: scriptedModel(
      [
        step(toolCall({ id: `call-${key}-1`, name: `workflow-${key}`, input: { inputData } })),
        step(text(`txt-${key}-1`, answer)),
      ],
      { modelId: `${key}-mock` },
    ),
  });
}

/** The agents of the workflow control-flow scenarios, by Mastra key. */
export function createWorkflowFlowAgents() {
  return {
    fleet: workflowAgent(
      'fleet',
      createFleetWorkflow(),
      { depot: 'Lyon' },
      '12 vans are ready and 7 drivers are on shift.',
    ),
    triage: workflowAgent(
      'triage',
      createTriageWorkflow(),
      { item: 'Printer toner', amount: 180 },
      'The toner was approved by policy.',
    ),
    thumbnails: workflowAgent(
      'thumbnails',
      createThumbnailsWorkflow(),
      { album: 'lisbon-2026' },
      'Four thumbnails are ready.',
    ),
    poll: workflowAgent(
      'poll',
      createPollWorkflow(),
      { job: 'export-77', polls: 0, done: false },
      'The export finished after three polls.',
    ),
    order: workflowAgent(
      'order',
      createOrderWorkflow(),
      { orderId: 'ord-4411' },
      'Order ord-4411 ships with DHL-55012.',
    ),
    dispatch: workflowAgent(
      'dispatch',
      createDispatchWorkflow(),
      { orderId: 'ord-5120' },
      'Order ord-5120 cleared customs and is dispatched.',
    ),
    freight: workflowAgent(
      'freight',
      createFreightWorkflow(),
      { route: 'LYS-OPO' },
      'The air quote failed; road freight costs 420 EUR.',
    ),
  };
}
