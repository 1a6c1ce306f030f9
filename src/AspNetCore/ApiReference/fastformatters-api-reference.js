/*
 * FastFormatters API reference helper: makes browser API explorers (Swagger UI, Scalar, anything that calls
 * window.fetch) show application/jsonc (JMC1) and MessagePack responses readably.
 *
 * It wraps window.fetch. A response whose Content-Type is application/jsonc (or +jsonc) or MessagePack
 * (application/x-msgpack, application/msgpack, application/vnd.msgpack, or +msgpack) is handed to the UI as
 * text/plain: a first line saying what the bytes were, then the value as indented JSON. The original media type stays
 * visible in the X-FastFormatters-Original-Content-Type response header. Every other response passes through untouched.
 *
 * MessagePack is decoded in full (every format of the spec). Integers beyond 2^53 become BigInt; bin, ext and the
 * timestamp extension (-1) are shown as {"$bin": base64}, {"$ext": type, "base64": ...} and {"$timestamp": ISO 8601}.
 * LZ4-compressed MessagePack (MessagePack-CSharp's ext 98 and 99) is not decompressed: it is shown as
 * "LZ4-compressed, N bytes".
 *
 * The decoder and formatter are also exposed as window.FastFormattersApiReference for tests and the curious.
 */
(function (global) {
  'use strict';

  if (global.FastFormattersApiReference) {
    return;
  }

  var utf8 = new TextDecoder('utf-8');
  var MAX_DEPTH = 512;
  var TWO_53 = BigInt(Number.MAX_SAFE_INTEGER);

  function Timestamp(seconds, nanoseconds) {
    this.seconds = seconds; // Number, or BigInt when beyond 2^53
    this.nanoseconds = nanoseconds;
  }

  Timestamp.prototype.toISOString = function () {
    var seconds = Number(this.seconds);
    var date = new Date(seconds * 1000);
    if (typeof this.seconds === 'bigint' || isNaN(date.getTime())) {
      return String(this.seconds) + 's+' + this.nanoseconds + 'ns since 1970-01-01T00:00:00Z';
    }

    var iso = date.toISOString(); // yyyy-mm-ddThh:mm:ss.000Z (or +/-yyyyyy-... outside years 0-9999)
    var fraction = this.nanoseconds === 0 ? '' : '.' + String(this.nanoseconds).padStart(9, '0').replace(/0+$/, '');
    return iso.slice(0, iso.length - 5) + fraction + 'Z';
  };

  function Ext(type, data) {
    this.type = type;
    this.data = data;
  }

  function DecodeError(message, position) {
    var error = new Error(message + ' (at byte ' + position + ')');
    error.position = position;
    return error;
  }

  /** Decodes the first MessagePack value of bytes (a Uint8Array or ArrayBuffer); returns { value, length }. */
  function decodeMessagePack(input) {
    var bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
    var view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    var position = 0;

    function need(count) {
      if (position + count > bytes.length) {
        throw DecodeError('MessagePack ends early: ' + count + ' more bytes needed, ' + (bytes.length - position) + ' left', position);
      }
    }

    function u8() { need(1); return bytes[position++]; }
    function u16() { need(2); var v = view.getUint16(position); position += 2; return v; }
    function u32() { need(4); var v = view.getUint32(position); position += 4; return v; }

    function u64() {
      need(8);
      var v = view.getBigUint64(position);
      position += 8;
      return v <= TWO_53 ? Number(v) : v;
    }

    function i64() {
      need(8);
      var v = view.getBigInt64(position);
      position += 8;
      return v <= TWO_53 && v >= -TWO_53 ? Number(v) : v;
    }

    function take(count) {
      need(count);
      var slice = bytes.subarray(position, position + count);
      position += count;
      return slice;
    }

    function str(count) { return utf8.decode(take(count)); }
    function bin(count) { return take(count).slice(); }

    function array(count, depth) {
      var result = new Array(count);
      for (var i = 0; i < count; i++) {
        result[i] = read(depth + 1);
      }

      return result;
    }

    function map(count, depth) {
      var result = new Map();
      for (var i = 0; i < count; i++) {
        var key = read(depth + 1);
        result.set(key, read(depth + 1));
      }

      return result;
    }

    function ext(count) {
      var type = view.getInt8((need(1), position++));
      var data = take(count);
      if (type !== -1) {
        return new Ext(type, data.slice());
      }

      var at = new DataView(data.buffer, data.byteOffset, data.byteLength);
      if (count === 4) {
        return new Timestamp(at.getUint32(0), 0);
      }

      if (count === 8) {
        var high = at.getUint32(0);
        var low = at.getUint32(4);
        // Upper 30 bits: nanoseconds; lower 34 bits: seconds.
        return new Timestamp((high & 0x3) * 4294967296 + low, high >>> 2);
      }

      if (count === 12) {
        var seconds = at.getBigInt64(4);
        return new Timestamp(seconds <= TWO_53 && seconds >= -TWO_53 ? Number(seconds) : seconds, at.getUint32(0));
      }

      throw DecodeError('Timestamp extension of ' + count + ' bytes (4, 8 or 12 expected)', position - count);
    }

    function read(depth) {
      if (depth > MAX_DEPTH) {
        throw DecodeError('MessagePack nests deeper than ' + MAX_DEPTH, position);
      }

      var code = u8();
      if (code <= 0x7f) return code;
      if (code <= 0x8f) return map(code & 0x0f, depth);
      if (code <= 0x9f) return array(code & 0x0f, depth);
      if (code <= 0xbf) return str(code & 0x1f);
      if (code >= 0xe0) return code - 0x100;
      switch (code) {
        case 0xc0: return null;
        case 0xc2: return false;
        case 0xc3: return true;
        case 0xc4: return bin(u8());
        case 0xc5: return bin(u16());
        case 0xc6: return bin(u32());
        case 0xc7: return ext(u8());
        case 0xc8: return ext(u16());
        case 0xc9: return ext(u32());
        case 0xca: need(4); position += 4; return view.getFloat32(position - 4);
        case 0xcb: need(8); position += 8; return view.getFloat64(position - 8);
        case 0xcc: return u8();
        case 0xcd: return u16();
        case 0xce: return u32();
        case 0xcf: return u64();
        case 0xd0: need(1); position += 1; return view.getInt8(position - 1);
        case 0xd1: need(2); position += 2; return view.getInt16(position - 2);
        case 0xd2: need(4); position += 4; return view.getInt32(position - 4);
        case 0xd3: return i64();
        case 0xd4: return ext(1);
        case 0xd5: return ext(2);
        case 0xd6: return ext(4);
        case 0xd7: return ext(8);
        case 0xd8: return ext(16);
        case 0xd9: return str(u8());
        case 0xda: return str(u16());
        case 0xdb: return str(u32());
        case 0xdc: return array(u16(), depth);
        case 0xdd: return array(u32(), depth);
        case 0xde: return map(u16(), depth);
        case 0xdf: return map(u32(), depth);
        default: throw DecodeError('0xc1 is never used in MessagePack', position - 1);
      }
    }

    var value = read(0);
    return { value: value, length: position };
  }

  function base64(data) {
    var text = '';
    for (var i = 0; i < data.length; i += 0x8000) {
      text += String.fromCharCode.apply(null, data.subarray(i, i + 0x8000));
    }

    return btoa(text);
  }

  function isLz4(value) {
    return (value instanceof Ext && value.type === 99) ||
      (Array.isArray(value) && value.length > 0 && value[0] instanceof Ext && value[0].type === 98);
  }

  /** Writes a decoded value as indented JSON (BigInt as plain digits, non-finite floats as NaN/Infinity). */
  function toDisplayJson(value, indent) {
    indent = indent || '';
    var inner = indent + '  ';
    if (value === null || value === undefined) return 'null';
    switch (typeof value) {
      case 'boolean': return value ? 'true' : 'false';
      case 'bigint': return value.toString();
      case 'string': return JSON.stringify(value);
      case 'number': return Object.is(value, -0) ? '-0' : String(value);
      default: break;
    }

    if (value instanceof Uint8Array) return '{ "$bin": ' + JSON.stringify(base64(value)) + ' }';
    if (value instanceof Timestamp) return '{ "$timestamp": ' + JSON.stringify(value.toISOString()) + ' }';
    if (value instanceof Ext) {
      return value.type === 98 || value.type === 99
        ? '{ "$ext": ' + value.type + ', "lz4": ' + JSON.stringify('LZ4-compressed, ' + value.data.length + ' bytes') + ' }'
        : '{ "$ext": ' + value.type + ', "base64": ' + JSON.stringify(base64(value.data)) + ' }';
    }

    if (Array.isArray(value)) {
      if (value.length === 0) return '[]';
      return '[\n' + value.map(function (item) { return inner + toDisplayJson(item, inner); }).join(',\n') + '\n' + indent + ']';
    }

    if (value instanceof Map) {
      if (value.size === 0) return '{}';
      var members = [];
      value.forEach(function (item, key) {
        var name = typeof key === 'string' ? key : toDisplayJson(key, '').replace(/\s*\n\s*/g, ' ');
        members.push(inner + JSON.stringify(name) + ': ' + toDisplayJson(item, inner));
      });
      return '{\n' + members.join(',\n') + '\n' + indent + '}';
    }

    return JSON.stringify(String(value));
  }

  /** The text shown for a MessagePack body: a note line, then the value as indented JSON. */
  function messagePackToText(input, contentType) {
    var bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
    var what = bytes.length + ' bytes of MessagePack (' + contentType + ')';
    if (bytes.length === 0) {
      return '// No body: 0 bytes of MessagePack (' + contentType + ').\n';
    }

    var decoded;
    try {
      decoded = decodeMessagePack(bytes);
    } catch (error) {
      return '// Could not decode ' + what + ': ' + error.message + '\n// First bytes: ' + hex(bytes.subarray(0, 256)) + '\n';
    }

    var note = isLz4(decoded.value)
      ? '// LZ4-compressed, ' + what + ': not decompressed here.'
      : '// Decoded from ' + what + ' for display.\n// (FastFormatters shows bin, ext and timestamps as $bin, $ext and $timestamp.)';
    if (decoded.length < bytes.length) {
      note += '\n// ' + (bytes.length - decoded.length) + ' bytes after the first value are not shown.';
    }

    return note + '\n' + toDisplayJson(decoded.value) + '\n';
  }

  function hex(bytes) {
    return Array.prototype.map.call(bytes, function (b) { return (b < 16 ? '0' : '') + b.toString(16); }).join(' ');
  }

  /**
   * JSONC bytes (JMC1 or any JSON with comments) without their comments, as text. A JMC1 length comment is exactly
   * six bytes, /* x x *\/, whose two middle bytes may be anything (even not UTF-8), so comments are removed as bytes,
   * before UTF-8 decoding.
   */
  function stripJsonComments(input) {
    var bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
    var kept = new Uint8Array(bytes.length);
    var length = 0;
    var i = 0;
    while (i < bytes.length) {
      var b = bytes[i];
      if (b === 0x22) { // a string: copy through its closing quote, skipping escaped characters
        kept[length++] = bytes[i++];
        while (i < bytes.length && bytes[i] !== 0x22) {
          if (bytes[i] === 0x5c && i + 1 < bytes.length) kept[length++] = bytes[i++];
          kept[length++] = bytes[i++];
        }

        if (i < bytes.length) kept[length++] = bytes[i++];
      } else if (b === 0x2f && bytes[i + 1] === 0x2a) {
        if (bytes[i + 4] === 0x2a && bytes[i + 5] === 0x2f) {
          i += 6; // a JMC1 length comment
        } else {
          var end = i + 2;
          while (end + 1 < bytes.length && !(bytes[end] === 0x2a && bytes[end + 1] === 0x2f)) end++;
          i = end + 2;
        }
      } else if (b === 0x2f && bytes[i + 1] === 0x2f) {
        while (i < bytes.length && bytes[i] !== 0x0a) i++;
      } else {
        kept[length++] = bytes[i++];
      }
    }

    return utf8.decode(kept.subarray(0, length));
  }

  /** Re-indents JSON text without parsing it, so numbers keep every digit and members keep their order. */
  function indentJson(text) {
    var out = '';
    var depth = 0;
    var i = 0;
    function newline() { return '\n' + '  '.repeat(depth); }
    while (i < text.length) {
      var c = text[i];
      if (c === '"') {
        var start = i++;
        while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
        out += text.slice(start, ++i);
        continue;
      }

      i++;
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r') continue;
      if (c === '{' || c === '[') {
        var close = c === '{' ? '}' : ']';
        var j = i;
        while (j < text.length && /\s/.test(text[j])) j++;
        if (text[j] === close) { out += c + close; i = j + 1; continue; }
        depth++;
        out += c + newline();
      } else if (c === '}' || c === ']') {
        depth = Math.max(0, depth - 1);
        out += newline() + c;
      } else if (c === ',') {
        out += ',' + newline();
      } else if (c === ':') {
        out += ': ';
      } else {
        out += c;
      }
    }

    return out;
  }

  /** The text shown for a JSONC body: a note line, then the JSON without comments, indented. */
  function jsoncToText(input, contentType) {
    var bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
    if (bytes.length === 0) {
      return '// No body: 0 bytes of JSONC (' + contentType + ').\n';
    }

    var jmc1 = bytes.length >= 8 && utf8.decode(bytes.subarray(0, 8)) === '/*JMC1*/';
    return '// ' + (jmc1 ? 'JMC1' : 'JSONC') + ' (' + contentType + '), ' + bytes.length +
      ' bytes, shown without comments.\n' + indentJson(stripJsonComments(bytes)) + '\n';
  }

  /** Which of our formats a Content-Type names: 'msgpack', 'jsonc' or null. */
  function formatOf(contentType) {
    var mediaType = String(contentType || '').split(';')[0].trim().toLowerCase();
    if (/^application\/(x-msgpack|msgpack|vnd\.msgpack)$/.test(mediaType) || /\+msgpack$/.test(mediaType)) return 'msgpack';
    if (mediaType === 'application/jsonc' || /\+jsonc$/.test(mediaType)) return 'jsonc';
    return null;
  }

  /** A Response the UI can show: the same one for other formats, else a text/plain copy (see the top of this file). */
  async function toDisplayResponse(response) {
    var contentType = response.headers.get('content-type');
    var format = formatOf(contentType);
    if (!format || response.status < 200 || response.status > 599 || [204, 205, 304].indexOf(response.status) >= 0) {
      return response;
    }

    var bytes = new Uint8Array(await response.arrayBuffer());
    var text = format === 'msgpack' ? messagePackToText(bytes, contentType) : jsoncToText(bytes, contentType);
    var headers = new Headers(response.headers);
    headers.set('content-type', 'text/plain; charset=utf-8');
    headers.set('x-fastformatters-original-content-type', contentType);
    headers.set('x-fastformatters-original-length', String(bytes.length));
    headers.delete('content-length');
    headers.delete('content-encoding');
    var display = new Response(text, { status: response.status, statusText: response.statusText, headers: headers });
    Object.defineProperty(display, 'url', { value: response.url });
    Object.defineProperty(display, 'redirected', { value: response.redirected });
    return display;
  }

  var api = {
    decodeMessagePack: decodeMessagePack,
    toDisplayJson: toDisplayJson,
    messagePackToText: messagePackToText,
    stripJsonComments: stripJsonComments,
    jsoncToText: jsoncToText,
    formatOf: formatOf,
    toDisplayResponse: toDisplayResponse,
    Timestamp: Timestamp,
    Ext: Ext,
  };
  global.FastFormattersApiReference = api;

  if (typeof global.fetch === 'function' && typeof global.document !== 'undefined') {
    var originalFetch = global.fetch;
    global.fetch = function () {
      return originalFetch.apply(this, arguments).then(toDisplayResponse);
    };
  }
})(typeof window !== 'undefined' ? window : globalThis);
