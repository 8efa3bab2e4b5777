/** The middle value (the upper one of an even count), as the benchmarks report times and rates. */
export const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
