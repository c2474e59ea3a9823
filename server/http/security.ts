import helmet from 'helmet';
import type { RequestHandler } from 'express';

/**
 * Strict headers for the built app. The VAD runs ONNX in WebAssembly, which CSP treats as
 * eval: 'wasm-unsafe-eval' allows compiling wasm without allowing JavaScript eval.
 * In development Vite injects inline scripts for hot reload, so CSP is left off there.
 */
export function securityHeaders(options: { production: boolean; csp: boolean }): RequestHandler {
  return helmet({
    contentSecurityPolicy: options.csp
      ? {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
            workerSrc: ["'self'", 'blob:'],
            connectSrc: ["'self'"],
            imgSrc: ["'self'", 'data:', 'blob:'],
            mediaSrc: ["'self'", 'blob:'],
            styleSrc: ["'self'"],
            fontSrc: ["'self'", 'data:'],
            objectSrc: ["'none'"],
            baseUri: ["'none'"],
            frameAncestors: ["'none'"],
            formAction: ["'self'"],
            ...(options.production ? { upgradeInsecureRequests: [] } : {}),
          },
        }
      : false,
    strictTransportSecurity: options.production
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    crossOriginEmbedderPolicy: false,
  });
}
