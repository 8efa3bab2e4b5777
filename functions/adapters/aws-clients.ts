import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { config } from '../config';

/**
 * SDK clients, created once per Lambda instance and reused across invocations. Created on first
 * use, not at import, so the local cloud can set endpoints (AWS_ENDPOINT_URL_*) first.
 */

let documentClient: DynamoDBDocumentClient | undefined;
let s3Client: S3Client | undefined;
let sesClient: SESv2Client | undefined;
let managementClient: ApiGatewayManagementApiClient | undefined;

export const dynamo = (): DynamoDBDocumentClient =>
  (documentClient ??= DynamoDBDocumentClient.from(new DynamoDBClient({}), {
    marshallOptions: { removeUndefinedValues: true },
  }));

export const s3 = (): S3Client =>
  (s3Client ??= new S3Client({
    // S3-compatible servers (s3rver, LocalStack) want path-style URLs.
    forcePathStyle: config().s3Compatible,
    // Checksums only where an operation requires them: otherwise s3rver stores streamed uploads
    // with their chunk framing, and a presigned PUT carries the CRC32 of the empty body it was
    // signed with, which real S3 then holds against the browser's file.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  }));

export const ses = (): SESv2Client => (sesClient ??= new SESv2Client({}));

export const websocketManagement = (): ApiGatewayManagementApiClient | undefined => {
  const endpoint = config().wsManagementEndpoint;
  if (!endpoint) return undefined;
  return (managementClient ??= new ApiGatewayManagementApiClient({ endpoint }));
};
