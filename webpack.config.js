// Builds the Word task pane (addin/) into dist/addin/: taskpane.html for Word, demo.html for the fake host.
// `npm run build` → dist/addin/ with manifest.xml pointing at ADDIN_ORIGIN (the public https origin the
// pane is served from; without it the dev manifest's https://localhost:3000 is kept, with a warning);
// `npm run dev-server` → https://localhost:3000 with a dev certificate (addin/build/dev-certs.mjs: on
// Linux generated and used without a system install), proxying the service routes to the Hyperlinker
// service (HYPERLINKER_SERVICE_URL, default http://localhost:8080).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import CopyWebpackPlugin from 'copy-webpack-plugin';
import { devHttpsOptions } from './addin/build/dev-certs.mjs';
import { manifestForOrigin } from './addin/build/manifest-origin.mjs';
import { proxyError } from './addin/build/proxy-errors.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));
const DEV_PORT = Number(process.env.ADDIN_PORT || 3000);
const SERVICE_URL = process.env.HYPERLINKER_SERVICE_URL || 'http://localhost:8080';
/** Service routes the dev server forwards, so the pane calls its own origin (no CORS needed). */
const SERVICE_ROUTES = ['/hyperlink-scan', '/hyperlink-apply', '/hyperlink-crossref', '/hyperlink', '/auth/login', '/auth/logout', '/api-keys'];

export default async (env = {}, argv = {}) => {
  const dev = argv.mode !== 'production';
  const serving = process.env.WEBPACK_SERVE === 'true';
  const outDir = env.outDir ? path.resolve(env.outDir) : path.resolve(root, 'dist/addin');
  const origin = process.env.ADDIN_ORIGIN?.trim();
  if (!dev && !origin) console.warn('ADDIN_ORIGIN is not set: dist/addin/manifest.xml keeps https://localhost:3000 (set it to the public https origin of dist/addin/).');
  const manifestTransform = origin ? (content) => manifestForOrigin(content.toString('utf8'), origin) : undefined;
  return {
    context: root,
    devtool: dev ? 'source-map' : false,
    entry: { taskpane: './addin/index.tsx' },
    output: { path: outDir, filename: '[name].[contenthash:8].js', clean: true },
    resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: 'esbuild-loader',
          options: { target: 'es2020', tsconfig: path.resolve(root, 'tsconfig.json') },
        },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ filename: 'taskpane.html', template: './addin/taskpane.html', chunks: ['taskpane'] }),
      new HtmlWebpackPlugin({ filename: 'demo.html', template: './addin/demo.html', chunks: ['taskpane'] }),
      new CopyWebpackPlugin({
        patterns: [
          { from: 'assets/*.png', to: 'assets/[name][ext]' },
          { from: 'addin/styles.css', to: 'styles.css' },
          { from: 'manifest.xml', to: 'manifest.xml', ...(manifestTransform ? { transform: manifestTransform } : {}) },
        ],
      }),
    ],
    performance: { hints: false },
    devServer: {
      port: DEV_PORT,
      headers: { 'Access-Control-Allow-Origin': '*' },
      server: serving ? { type: 'https', options: await devHttpsOptions() } : 'http',
      static: false,
      // A service that is not running answers 502 service_unreachable, a slow one 504 service_timeout (JSON).
      proxy: [{ context: SERVICE_ROUTES, target: SERVICE_URL, changeOrigin: true, onError: proxyError }],
    },
  };
};
