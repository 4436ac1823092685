/**
 * The Mastra instance the server tests talk to: a few of the scripted scenario agents (real
 * @mastra/core agents on mock models), with in-memory storage so approvals and suspensions can
 * be resumed.
 */
import { Mastra } from '@mastra/core/mastra';
import { InMemoryStore } from '@mastra/core/storage';
import {
  AGENT_IDS,
  createAdminAgent,
  createBookingAgent,
  createOpsAgent,
  createSlowAgent,
  createWeatherAgent,
} from '../../scripts/record/scenarios.ts';

export { AGENT_IDS };

/** A fresh Mastra with the agents the server tests use. */
export function createTestMastra(): Mastra {
  return new Mastra({
    agents: {
      [AGENT_IDS.weather]: createWeatherAgent(),
      [AGENT_IDS.ops]: createOpsAgent(),
      [AGENT_IDS.admin]: createAdminAgent(),
      [AGENT_IDS.booking]: createBookingAgent(),
      [AGENT_IDS.slow]: createSlowAgent(),
    },
    storage: new InMemoryStore(),
    logger: false,
  });
}
