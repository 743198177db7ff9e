// The browser globals the server bundle touches inside a bare V8 isolate:
// React 19's server renderer needs TextEncoder and MessageChannel at import,
// react-router builds URL objects. Nothing else is provided on purpose: a new
// dependency on a missing global should fail loudly in the render tests.
import "core-js/actual/url";
import "core-js/actual/url-search-params";

class Utf8Encoder {
  readonly encoding = "utf-8";
  encode(input = ""): Uint8Array {
    const bytes: number[] = [];
    for (const char of input) {
      let code = char.codePointAt(0) ?? 0;
      if (code >= 0xd800 && code <= 0xdfff) code = 0xfffd; // lone surrogate
      if (code < 0x80) bytes.push(code);
      else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 63));
      else if (code < 0x10000)
        bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
      else
        bytes.push(
          0xf0 | (code >> 18),
          0x80 | ((code >> 12) & 63),
          0x80 | ((code >> 6) & 63),
          0x80 | (code & 63),
        );
    }
    return new Uint8Array(bytes);
  }
}

// React's scheduler only posts messages for concurrent work; a synchronous
// renderToString never waits on them, so delivering on a microtask is enough.
class MicrotaskMessageChannel {
  readonly port1: { onmessage: ((event: { data: unknown }) => void) | null } = { onmessage: null };
  readonly port2 = {
    postMessage: (data: unknown) => {
      queueMicrotask(() => this.port1.onmessage?.({ data }));
    },
  };
}

const scope = globalThis as Record<string, unknown>;
if (typeof scope.TextEncoder === "undefined") scope.TextEncoder = Utf8Encoder;
if (typeof scope.MessageChannel === "undefined") scope.MessageChannel = MicrotaskMessageChannel;
