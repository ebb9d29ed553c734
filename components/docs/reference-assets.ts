import swaggerUi from 'swagger-ui-dist/package.json';

/** Where this origin serves Swagger UI's browser bundle (app/docs/reference/assets): the version in the name, so it may be cached for good. */
export const REFERENCE_BUNDLE = `swagger-ui-bundle-${swaggerUi.version}.js`;
export const REFERENCE_BUNDLE_URL = `/docs/reference/assets/${REFERENCE_BUNDLE}`;
