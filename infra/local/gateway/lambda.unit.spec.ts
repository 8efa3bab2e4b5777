import { describe, expect, it } from 'vitest';
import { functionTimeoutMs } from './lambda';

describe("a local function's time", () => {
  it("is Lambda's 30 s unless LOCAL_FUNCTION_TIMEOUT_MS says otherwise, and names the variable when it is not a time", () => {
    expect(functionTimeoutMs({})).toBe(30_000);
    expect(functionTimeoutMs({ LOCAL_FUNCTION_TIMEOUT_MS: '120000' })).toBe(120_000);
    for (const wrong of ['later', '0', '-1', '2.5']) expect(() => functionTimeoutMs({ LOCAL_FUNCTION_TIMEOUT_MS: wrong })).toThrow(/LOCAL_FUNCTION_TIMEOUT_MS/);
  });
});
