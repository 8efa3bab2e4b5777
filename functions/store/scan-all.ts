import { paginateScan, type ScanCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../adapters/dynamo';

/**
 * Every item a scan matches, read in `segments` parallel segments, page after page, strongly
 * consistent. For operator tools only (tenant export and offboarding, erasure by script): no
 * route scans a table.
 */
export async function scanAll<T>(input: Omit<ScanCommandInput, 'Segment' | 'TotalSegments' | 'ConsistentRead'>, segments = 4): Promise<T[]> {
  const pages = await Promise.all(
    Array.from({ length: segments }, async (_, Segment) => {
      const found: T[] = [];
      for await (const page of paginateScan({ client: dynamo() }, { ...input, Segment, TotalSegments: segments, ConsistentRead: true })) found.push(...((page.Items ?? []) as T[]));
      return found;
    }),
  );
  return pages.flat();
}
