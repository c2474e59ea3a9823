import helmet from 'helmet';
import type { RequestHandler } from 'express';

/**
 * The microphone for this origin only (voice practice); every other powerful feature off, so
 * an injected script or a framed page cannot reach them.
 */
export const PERMISSIONS_POLICY = [
  'microphone=(self)',
  'camera=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'bluetooth=()',
  'midi=()',
  'display-capture=()',
  'screen-wake-lock=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
  'browsing-topics=()',
].join(', ');

/**
 * Strict headers for the built app. The VAD runs ONNX in WebAssembly, which CSP treats as
 * eval: 'wasm-unsafe-eval' allows compiling wasm without allowing JavaScript eval.
 * In development Vite injects inline scripts for hot reload, so CSP is left off there.
 */
export function securityHeaders(options: { production: boolean; csp: boolean }): RequestHandler {
  const headers = helmet({
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
  return (req, res, next) => {
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    headers(req, res, next);
  };
}
