import fp from 'fastify-plugin';

// Placeholder: replaced by the feature that owns this file.
export default fp(async () => {});
