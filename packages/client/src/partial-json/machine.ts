/**
 * The character-level state machine behind `partial-json.ts`.
 *
 * Each character is examined a constant number of times (a number's terminator twice), runs of
 * plain string characters are appended as one slice, and no input is ever re-read, so feeding a
 * delta costs O(delta length). `capture()` then records the state in O(depth) without copying,
 * as the types in `capture.ts` describe.
 */
import { ContainerBuilder, NONE } from './builder.js';
import type { MachineState, OpenScalar, ParseError } from './capture.js';
import {
  describe,
  ESCAPES,
  hexDigit,
  isDigit,
  isWhitespace,
  LITERALS,
  type NumberState,
  nextNumberState,
} from './characters.js';

const MAX_DEPTH = 1000;

type Mode =
  | 'value' // a value must start (root, after ':', after ',' in an array)
  | 'arrayFirst' // after '[': a value or ']'
  | 'arrayNext' // after an array member: ',' or ']'
  | 'objectFirst' // after '{': a key or '}'
  | 'objectKey' // after ',' in an object: a key
  | 'colon' // after a key: ':'
  | 'objectNext' // after an object member: ',' or '}'
  | 'done' // after the root value: whitespace only
  | 'string'
  | 'number'
  | 'literal';

/**
 * Parses JSON text fed in deltas into {@link ContainerBuilder}s and an open scalar.
 *
 * @example
 * const machine = new JsonMachine();
 * machine.feed('{"a":[1,');
 * machine.capture().frames.length; // 2
 */
export class JsonMachine {
  private offset = 0;
  private mode: Mode = 'value';
  private readonly stack: ContainerBuilder[] = [];
  private root: unknown = NONE;
  private error: ParseError | undefined;
  // Open string: decoded text, a trailing high surrogate held back until its pair arrives, and
  // the escape in progress (1 after '\', 2 inside '\uXXXX').
  private str = '';
  private high = '';
  private isKey = false;
  private escape: 0 | 1 | 2 = 0;
  private hexCount = 0;
  private hexValue = 0;
  // Open number: its text, grammar state, and how much of the text is a parseable prefix.
  private num = '';
  private numState: NumberState = 'int';
  private numShown = 0;
  // Open literal.
  private literal = '';
  private literalIndex = 0;

  /**
   * True once the text is invalid; further deltas must not be fed.
   *
   * @example
   * if (!machine.failed) machine.feed(delta);
   */
  get failed(): boolean {
    return this.error !== undefined;
  }

  /**
   * Consumes one delta, stopping at the first invalid character.
   *
   * @example
   * machine.feed('"Par');
   */
  feed(delta: string): void {
    const n = delta.length;
    let i = 0;
    while (i < n && this.error === undefined) {
      if (this.mode === 'string' && this.escape === 0) {
        let j = i;
        while (j < n) {
          const c = delta.charCodeAt(j);
          if (c === 0x22 || c === 0x5c || c < 0x20) break;
          j++;
        }
        if (j > i) this.appendString(delta.slice(i, j));
        i = j;
        if (i === n) break;
      }
      if (this.step(delta.charCodeAt(i), this.offset + i)) i++;
    }
    this.offset += n;
  }

  /**
   * Records the current state for a snapshot in O(depth), copying no members.
   *
   * @example
   * const state = machine.capture();
   */
  capture(): MachineState {
    const frames = this.stack.map((builder) => ({
      builder,
      count: builder.size,
      key: builder.key,
    }));
    let scalar: OpenScalar | undefined;
    if (this.mode === 'string' && !this.isKey) scalar = { kind: 'string', text: this.str };
    else if (this.mode === 'number' && this.numShown > 0) {
      scalar = { kind: 'number', text: this.num, length: this.numShown };
    }
    const complete = this.mode === 'done' && this.error === undefined;
    return { frames, scalar, root: this.root, complete, error: this.error };
  }

  /** Handles one character; returns false when it ended a number and must be read again. */
  private step(c: number, at: number): boolean {
    if (this.mode === 'string') this.stringChar(c, at);
    else if (this.mode === 'number') return this.numberChar(c, at);
    else if (this.mode === 'literal') this.literalChar(c, at);
    else if (!isWhitespace(c)) this.structuralChar(c, at);
    return true;
  }

  private structuralChar(c: number, at: number): void {
    switch (this.mode) {
      case 'value':
        this.startValue(c, at, 'a JSON value');
        break;
      case 'arrayFirst':
        if (c === 0x5d) this.close();
        else this.startValue(c, at, "a JSON value or ']'");
        break;
      case 'arrayNext':
        if (c === 0x2c) this.mode = 'value';
        else if (c === 0x5d) this.close();
        else this.fail(c, at, "',' or ']'");
        break;
      case 'objectFirst':
        if (c === 0x22) this.startString(true);
        else if (c === 0x7d) this.close();
        else this.fail(c, at, `'"' or '}'`);
        break;
      case 'objectKey':
        if (c === 0x22) this.startString(true);
        else this.fail(c, at, `'"'`);
        break;
      case 'colon':
        if (c === 0x3a) this.mode = 'value';
        else this.fail(c, at, "':'");
        break;
      case 'objectNext':
        if (c === 0x2c) this.mode = 'objectKey';
        else if (c === 0x7d) this.close();
        else this.fail(c, at, "',' or '}'");
        break;
      default:
        this.fail(c, at, 'the end of the input');
    }
  }

  private startValue(c: number, at: number, expected: string): void {
    if (c === 0x7b || c === 0x5b) {
      if (this.stack.length >= MAX_DEPTH) {
        this.setError(`Nesting deeper than ${MAX_DEPTH} at offset ${at}`, at);
        return;
      }
      this.stack.push(new ContainerBuilder(c === 0x5b));
      this.mode = c === 0x5b ? 'arrayFirst' : 'objectFirst';
    } else if (c === 0x22) {
      this.startString(false);
    } else if (c === 0x2d || isDigit(c)) {
      this.num = String.fromCharCode(c);
      this.numState = c === 0x2d ? 'minus' : c === 0x30 ? 'zero' : 'int';
      this.numShown = c === 0x2d ? 0 : 1;
      this.mode = 'number';
    } else if (c === 0x74 || c === 0x66 || c === 0x6e) {
      this.literal = c === 0x74 ? 'true' : c === 0x66 ? 'false' : 'null';
      this.literalIndex = 1;
      this.mode = 'literal';
    } else {
      this.fail(c, at, expected);
    }
  }

  /** A value is complete: store it in its container, or as the root. */
  private completeValue(value: unknown): void {
    const top = this.stack[this.stack.length - 1];
    if (top === undefined) {
      this.root = value;
      this.mode = 'done';
    } else {
      top.append(top.key, value);
      this.mode = top.isArray ? 'arrayNext' : 'objectNext';
    }
  }

  private close(): void {
    const builder = this.stack.pop()!;
    this.completeValue(builder.materialize(builder.size, '', NONE));
  }

  private startString(isKey: boolean): void {
    this.str = '';
    this.high = '';
    this.isKey = isKey;
    this.escape = 0;
    this.mode = 'string';
  }

  private appendString(chunk: string): void {
    let text = chunk;
    if (this.high !== '') {
      text = this.high + text;
      this.high = '';
    }
    const last = text.charCodeAt(text.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) {
      // Half of a surrogate pair: show it only once we know whether its other half follows.
      this.high = text.slice(-1);
      text = text.slice(0, -1);
    }
    this.str += text;
  }

  private stringChar(c: number, at: number): void {
    if (this.escape === 1) {
      this.escapeChar(c, at);
    } else if (this.escape === 2) {
      const digit = hexDigit(c);
      if (digit < 0) {
        this.fail(c, at, 'a hex digit in \\u escape');
      } else {
        this.hexValue = this.hexValue * 16 + digit;
        if (++this.hexCount === 4) {
          this.escape = 0;
          this.appendString(String.fromCharCode(this.hexValue));
        }
      }
    } else if (c === 0x22) {
      this.endString();
    } else if (c === 0x5c) {
      this.escape = 1;
    } else if (c < 0x20) {
      this.setError(`Unescaped control character ${describe(c)} in string at offset ${at}`, at);
    } else {
      this.appendString(String.fromCharCode(c));
    }
  }

  private escapeChar(c: number, at: number): void {
    if (c === 0x75) {
      this.escape = 2;
      this.hexCount = 0;
      this.hexValue = 0;
      return;
    }
    const decoded = ESCAPES[String.fromCharCode(c)];
    if (decoded === undefined) {
      this.setError(`Invalid escape ${describe(c)} after '\\' at offset ${at}`, at);
    } else {
      this.escape = 0;
      this.appendString(decoded);
    }
  }

  private endString(): void {
    const text = this.str + this.high;
    this.str = '';
    this.high = '';
    if (this.isKey) {
      this.stack[this.stack.length - 1]!.key = text;
      this.mode = 'colon';
    } else {
      this.completeValue(text);
    }
  }

  private numberChar(c: number, at: number): boolean {
    const next = nextNumberState(this.numState, c);
    if (next === 'end') return this.endNumber();
    if (typeof next === 'object') return this.failNumber(c, at, next.expected);
    this.num += String.fromCharCode(c);
    this.numState = next;
    if (isDigit(c)) this.numShown = this.num.length;
    return true;
  }

  /** The number ended at a character that belongs to what follows it. */
  private endNumber(): boolean {
    this.completeValue(Number(this.num));
    return false;
  }

  private failNumber(c: number, at: number, expected: string): boolean {
    this.fail(c, at, expected);
    return true;
  }

  private literalChar(c: number, at: number): void {
    if (c !== this.literal.charCodeAt(this.literalIndex)) this.fail(c, at, `'${this.literal}'`);
    else if (++this.literalIndex === this.literal.length) {
      this.completeValue(LITERALS[this.literal]);
    }
  }

  private fail(c: number, at: number, expected: string): void {
    this.setError(`Unexpected character ${describe(c)} at offset ${at} (expected ${expected})`, at);
  }

  private setError(message: string, offset: number): void {
    this.error = Object.freeze({ message, offset });
  }
}
