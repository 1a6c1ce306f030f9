using System.Globalization;
using System.Text;
using System.Text.RegularExpressions;

namespace FastFormatters.IntegrationTests.Docs;

/// <summary>One line of a request or response: a header, or a line of the body, with its 1-based markdown line.</summary>
public readonly record struct DocLine(string Text, int MarkdownLine);

/// <summary>
/// The request half of an HTTP example: a <c>```http</c> block whose first line is <c>METHOD target HTTP/1.1</c>, then
/// header lines, then (after a blank line) the body.
/// </summary>
public sealed record DocHttpRequest(string Method, string Target, IReadOnlyList<(string Name, string Value)> Headers, IReadOnlyList<DocLine> Body);

/// <summary>
/// The response half: the next fenced block, a <c>```http</c> block whose first line is <c>HTTP/1.1 status reason</c>,
/// then the headers the example asserts, then (after a blank line) the body.
/// </summary>
public sealed record DocHttpResponse(int FenceLine, int Status, string Reason, IReadOnlyList<(string Name, string Value, int MarkdownLine)> Headers, IReadOnlyList<DocLine> Body);

/// <summary>
/// An HTTP example of README.md or docs/*.md: a request block followed by its response block. The convention:
/// <list type="bullet">
/// <item>Request: <c>```http</c>, <c>METHOD /path?query HTTP/1.1</c>, headers, a blank line and the body. <c>Host</c> is
/// <c>localhost:5080</c> (the sample's address) unless the block sets it; <c>Content-Length</c> is computed.</item>
/// <item>Response: the very next fenced block, <c>```http</c>, <c>HTTP/1.1 code reason</c>, the headers that matter,
/// a blank line and the body. Only the headers shown are checked, each exactly (several values joined by <c>, </c>).</item>
/// <item>Bodies of a MessagePack or JMC1 media type are written as hex bytes, two digits each, optionally followed on the
/// same line by an annotation (everything from the first word that is not two hex digits). Other bodies are text.</item>
/// <item><c>…</c> (U+2026) in a header value or body stands for any bytes, none included; it is how a body or header
/// that varies (a traceId, an id, a time) or that is too long to show is shortened. A text body without <c>…</c> that is
/// JSON is compared as JSON (property order, number text and string values included, whitespace not); other text must
/// be equal.</item>
/// <item>A request body of the single line <c>&lt; name</c> is the response body of the example of the same file
/// marked <c>&lt;!-- saves name --&gt;</c> on the line before its request block (as curl's <c>-o name</c> and
/// <c>--data-binary @name</c> do).</item>
/// </list>
/// </summary>
public sealed partial record DocHttpExample(string File, int FenceLine, DocHttpRequest Request, DocHttpResponse Response, string? SavesAs)
{
    public const char Wildcard = '…';

    public const string DefaultHost = "localhost:5080";

    public override string ToString() => $"{File}:{FenceLine}";

    /// <summary>Every example of README.md and docs/*.md, and every <c>```http</c> block that does not make one (as errors).</summary>
    public static (IReadOnlyList<DocHttpExample> Examples, IReadOnlyList<string> Errors) ExtractAll(string repositoryRoot)
    {
        var examples = new List<DocHttpExample>();
        var errors = new List<string>();
        foreach (string file in Markdown.Files(repositoryRoot))
        {
            Extract(file, System.IO.File.ReadAllLines(Path.Combine(repositoryRoot, file)), examples, errors);
        }

        return (examples, errors);
    }

    public static void Extract(string file, string[] markdown, List<DocHttpExample> examples, List<string> errors)
    {
        var blocks = Markdown.FencedBlocks(markdown).ToList();
        for (int b = 0; b < blocks.Count; b++)
        {
            var (info, fenceLine, lines) = blocks[b];
            if (!info.Equals("http", StringComparison.OrdinalIgnoreCase))
            {
                continue;
            }

            var request = RequestLine().Match(lines.FirstOrDefault().Text ?? "");
            if (!request.Success)
            {
                errors.Add($"{file}:{fenceLine}: an http block that is not the response of a request block (or a request line is malformed): '{lines.FirstOrDefault().Text}'.");
                continue;
            }

            if (b + 1 >= blocks.Count || !blocks[b + 1].Language.Equals("http", StringComparison.OrdinalIgnoreCase)
                || !StatusLine().IsMatch(blocks[b + 1].Lines.FirstOrDefault().Text ?? ""))
            {
                errors.Add($"{file}:{fenceLine}: a request block must be followed by an http block starting with 'HTTP/1.1 <status> <reason>'.");
                continue;
            }

            var (_, responseFence, responseLines) = blocks[++b];
            var (requestHeaders, requestBody) = SplitHead(lines.Skip(1).ToList());
            var (responseHeaders, responseBody) = SplitHead(responseLines.Skip(1).ToList());
            var status = StatusLine().Match(responseLines[0].Text);
            var parsedRequestHeaders = new List<(string, string)>();
            var parsedResponseHeaders = new List<(string, string, int)>();
            bool ok = true;
            foreach (var line in requestHeaders.Concat(responseHeaders))
            {
                int colon = line.Text.IndexOf(':', StringComparison.Ordinal);
                if (colon <= 0)
                {
                    errors.Add($"{file}:{line.MarkdownLine}: '{line.Text}' is not a header line.");
                    ok = false;
                    continue;
                }

                (string, string) header = (line.Text[..colon].Trim(), line.Text[(colon + 1)..].Trim());
                if (line.MarkdownLine < responseFence)
                {
                    parsedRequestHeaders.Add(header);
                }
                else
                {
                    parsedResponseHeaders.Add((header.Item1, header.Item2, line.MarkdownLine));
                }
            }

            if (!ok)
            {
                continue;
            }

            examples.Add(new DocHttpExample(
                file,
                fenceLine,
                new DocHttpRequest(request.Groups["method"].Value, request.Groups["target"].Value, parsedRequestHeaders, requestBody),
                new DocHttpResponse(responseFence, int.Parse(status.Groups["status"].Value, CultureInfo.InvariantCulture), status.Groups["reason"].Value.Trim(), parsedResponseHeaders, responseBody),
                SavesMarker(markdown, fenceLine)));
        }
    }

    /// <summary>The header of the request (the block's <c>Content-Type</c>), or null.</summary>
    public string? RequestHeader(string name)
        => Request.Headers.Where(h => h.Name.Equals(name, StringComparison.OrdinalIgnoreCase)).Select(h => h.Value).FirstOrDefault();

    /// <summary>The request body's file reference (<c>&lt; name</c>), or null.</summary>
    public string? RequestBodyFile
        => Request.Body is [{ Text: var text }] && text.StartsWith("< ", StringComparison.Ordinal) ? text[2..].Trim() : null;

    /// <summary>Whether bodies of this media type are shown as hex: MessagePack and JMC1 are bytes, not text.</summary>
    public static bool IsBinary(string? contentType)
    {
        string mediaType = (contentType ?? "").Split(';', 2)[0].Trim();
        return mediaType.Equals("application/jsonc", StringComparison.OrdinalIgnoreCase)
            || mediaType.Equals("application/x-msgpack", StringComparison.OrdinalIgnoreCase)
            || mediaType.Equals("application/msgpack", StringComparison.OrdinalIgnoreCase)
            || mediaType.Equals("application/vnd.msgpack", StringComparison.OrdinalIgnoreCase);
    }

    /// <summary>The text of body lines, joined with line feeds.</summary>
    public static string Text(IReadOnlyList<DocLine> body) => string.Join('\n', body.Select(l => l.Text));

    /// <summary>
    /// A hex body as a pattern: byte runs separated by wildcards. On each line, the leading words that are two hex digits
    /// are bytes, a <c>…</c> word is a wildcard, and the first other word starts the annotation.
    /// </summary>
    public static IReadOnlyList<byte[]?> HexPattern(IReadOnlyList<DocLine> body)
    {
        var pattern = new List<byte[]?>();
        var run = new List<byte>();
        foreach (var line in body)
        {
            foreach (string word in line.Text.Split([' ', '\t'], StringSplitOptions.RemoveEmptyEntries))
            {
                if (word == Wildcard.ToString())
                {
                    pattern.Add(run.ToArray());
                    pattern.Add(null);
                    run.Clear();
                }
                else if (word.Length == 2 && byte.TryParse(word, NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture, out byte value))
                {
                    run.Add(value);
                }
                else
                {
                    break;
                }
            }
        }

        pattern.Add(run.ToArray());
        return pattern;
    }

    /// <summary>A text with wildcards as a pattern of UTF-8 runs.</summary>
    public static IReadOnlyList<byte[]?> TextPattern(string text)
    {
        var pattern = new List<byte[]?>();
        string[] parts = text.Split(Wildcard);
        for (int i = 0; i < parts.Length; i++)
        {
            if (i > 0)
            {
                pattern.Add(null);
            }

            pattern.Add(Encoding.UTF8.GetBytes(parts[i]));
        }

        return pattern;
    }

    /// <summary>
    /// Whether the bytes match the pattern: the first run at the start, the last at the end, the others in order
    /// between (each at its first place after the previous), and a wildcard (null) for any bytes between runs.
    /// </summary>
    public static bool Matches(ReadOnlySpan<byte> actual, IReadOnlyList<byte[]?> pattern)
    {
        var runs = pattern.Where(p => p is not null).Select(p => p!).ToList();
        if (runs.Count == 1)
        {
            return actual.SequenceEqual(runs[0]);
        }

        byte[] first = runs[0];
        byte[] last = runs[^1];
        if (actual.Length < first.Length + last.Length || !actual.StartsWith(first) || !actual.EndsWith(last))
        {
            return false;
        }

        var middle = actual[first.Length..^last.Length];
        foreach (byte[] run in runs.Skip(1).SkipLast(1))
        {
            int at = middle.IndexOf(run);
            if (at < 0)
            {
                return false;
            }

            middle = middle[(at + run.Length)..];
        }

        return true;
    }

    public static bool Matches(string actual, string pattern) => Matches(Encoding.UTF8.GetBytes(actual), TextPattern(pattern));

    private static (List<DocLine> Head, List<DocLine> Body) SplitHead(List<DocLine> lines)
    {
        int blank = lines.FindIndex(l => l.Text.Trim().Length == 0);
        if (blank < 0)
        {
            return (lines, []);
        }

        var body = lines.Skip(blank + 1).ToList();
        while (body.Count > 0 && body[^1].Text.Trim().Length == 0)
        {
            body.RemoveAt(body.Count - 1);
        }

        return (lines.Take(blank).ToList(), body);
    }

    private static string? SavesMarker(string[] markdown, int fenceLine)
        => Markdown.LineBefore(markdown, fenceLine) is { } before && SavesComment().Match(before) is { Success: true } marker
            ? marker.Groups["name"].Value
            : null;

    [GeneratedRegex(@"^(?<method>GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) (?<target>/\S*) HTTP/1\.1$")]
    private static partial Regex RequestLine();

    [GeneratedRegex(@"^HTTP/1\.1 (?<status>[1-5][0-9]{2})(?<reason>( .*)?)$")]
    private static partial Regex StatusLine();

    [GeneratedRegex(@"^<!--\s*saves\s+(?<name>\S+)\s*-->$")]
    private static partial Regex SavesComment();
}
