/**
 * The product's name. Pure: the version and the pinned SDK version come from the package manifest, which
 * only platform/app-version.ts reads (domain/ runs in the renderer too and imports nothing outside itself).
 */
export const PRODUCT_NAME = 'Gateway Companion';
