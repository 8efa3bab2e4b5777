import S3rver from 's3rver';

/** An S3-compatible server (s3rver) with the app's buckets, CORS open for browser uploads. */

const corsForUploads = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

export async function startS3(options: { port: number; directory: string; buckets: readonly string[] }) {
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port,
    directory: options.directory,
    silent: true,
    configureBuckets: options.buckets.map((name) => ({ name, configs: [corsForUploads] })),
  });
  await server.run();
  return { endpoint: `http://127.0.0.1:${options.port}`, stop: () => server.close() };
}
