import type { SendOptions } from '@toolpane/client';
import { useId } from 'react';

/** The tool settings sent with the next message. */
export interface ToolSettings {
  /** Tools the model may call. */
  readonly active: readonly string[];
  /** `auto`, `none`, `required`, or the name of the one tool to call. */
  readonly choice: string;
}

const CHOICES = ['auto', 'none', 'required'] as const;

/** The `activeTools` and `toolChoice` fields for `send`, from the settings. */
export function sendOptionsOf(settings: ToolSettings, all: readonly string[]): SendOptions {
  const { active, choice } = settings;
  return {
    // Every tool on is the agent's default: send nothing rather than the full list.
    ...(active.length === all.length ? {} : { activeTools: active }),
    ...(choice === 'auto'
      ? {}
      : {
          toolChoice:
            choice === 'none' || choice === 'required'
              ? choice
              : { type: 'tool' as const, toolName: choice },
        }),
  };
}

/** Checkboxes for the active tools and a select for the tool choice of the next message. */
export function ToolControls({
  tools,
  settings,
  onChange,
}: {
  tools: readonly string[];
  settings: ToolSettings;
  onChange: (settings: ToolSettings) => void;
}) {
  const choiceId = useId();
  const toggle = (name: string, on: boolean) => {
    const active = on
      ? tools.filter((tool) => tool === name || settings.active.includes(tool))
      : settings.active.filter((tool) => tool !== name);
    // A forced tool that was just turned off cannot stay forced.
    const choice = !on && settings.choice === name ? 'auto' : settings.choice;
    onChange({ active, choice });
  };
  return (
    <section className="panel" aria-labelledby={`${choiceId}-title`}>
      <h2 id={`${choiceId}-title`}>Tools for the next message</h2>
      <fieldset className="tool-list">
        <legend>Active tools</legend>
        {tools.map((name) => (
          <label key={name} className="tool-toggle">
            <input
              type="checkbox"
              checked={settings.active.includes(name)}
              onChange={(event) => toggle(name, event.target.checked)}
            />
            <code>{name}</code>
          </label>
        ))}
      </fieldset>
      <label htmlFor={choiceId} className="choice-label">
        Tool choice
      </label>
      <select
        id={choiceId}
        value={settings.choice}
        onChange={(event) => onChange({ ...settings, choice: event.target.value })}
      >
        {CHOICES.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
        {settings.active.map((name) => (
          <option key={name} value={name}>
            {`only ${name}`}
          </option>
        ))}
      </select>
    </section>
  );
}
