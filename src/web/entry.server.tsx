import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { type AppLoadContext, type EntryContext, ServerRouter } from "react-router";
import { inlineStylesheets } from "./inline-css.server.ts";
import { NonceContext } from "./nonce.ts";

const ABORT_MS = 5_000;

export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext?: AppLoadContext,
) {
  // The CSP nonce of this response: React's streaming scripts, React Router's scripts and ours carry it.
  const nonce = loadContext?.nonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const waitForAll = isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode;
    const page = (
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>
    );
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      [waitForAll ? "onAllReady" : "onShellReady"]() {
        shellRendered = true;
        const body = new PassThrough();
        const html = body.pipe(inlineStylesheets());
        headers.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(createReadableStreamFromReadable(html), { headers, status }));
        pipe(body);
      },
      onShellError: reject,
      onError(error: unknown) {
        status = 500;
        if (shellRendered) console.error(error);
      },
    });
    setTimeout(abort, ABORT_MS + 1000);
  });
}
