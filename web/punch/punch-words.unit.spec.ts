import { describe, expect, it } from 'vitest';
import { punchLine } from './punch-words';

/** The line beside the checklist's progress, in each party's words; none when nothing is open or fixed. */
describe('punchLine', () => {
  it("says what is open and what awaits the client's check", () => {
    expect(punchLine({ punchOpen: 4, punchFixed: 2, punchAccepted: 3 }, 'client')).toBe('Punch list: 4 open, 2 awaiting your check');
    expect(punchLine({ punchOpen: 4, punchFixed: 2, punchAccepted: 3 }, 'contractor')).toBe("Punch list: 4 open, 2 awaiting the client's check");
    expect(punchLine({ punchOpen: 0, punchFixed: 1, punchAccepted: 0 }, 'client')).toBe('Punch list: 1 awaiting your check');
    expect(punchLine({ punchOpen: 0, punchFixed: 0, punchAccepted: 5 }, 'client')).toBeUndefined();
  });
});
