import { Logger } from '@aws-lambda-powertools/logger';

/** Structured JSON logs (one line per request, errors with their stack), level from POWERTOOLS_LOG_LEVEL. */
export const logger = new Logger({ serviceName: 'construction-checklist' });
