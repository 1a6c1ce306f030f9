using System.Text;
using System.Text.RegularExpressions;

namespace FastFormatters.IntegrationTests.Docs;

/// <summary>How a snippet becomes source files of a project like <c>dotnet new web</c> makes.</summary>
public enum DocSnippetKind
{
    /// <summary>A whole program (top-level statements, optionally followed by types): pasted as Program.cs.</summary>
    Program,

    /// <summary>Only type declarations (after optional usings): pasted as Snippet.cs beside the template's Program.cs.</summary>
    TypesOnly,

    /// <summary>Statements that use <c>builder</c> or <c>app</c> without declaring them: spliced into the template's Program.cs.</summary>
    Fragment,

    /// <summary>Marked as an excerpt (<c>```csharp-excerpt</c>, or a <c><c>&lt;!-- excerpt --&gt;</c> on the line before the fencelt;!-- excerpt ... --<c>&lt;!-- excerpt --&gt;</c> on the line before the fencegt;</c> comment on the line before the fence): not compiled.</summary>
    Excerpt,
}

/// <summary>One <c>```csharp</c> fenced block of README.md or docs/*.md.</summary>
/// <param name="File">The markdown file, relative to the repository root.</param>
/// <param name="FenceLine">The 1-based line of the opening fence; the code starts on the next line.</param>
/// <param name="Lines">The code lines, with the fence's indentation removed.</param>
/// <param name="Kind">How the snippet is compiled.</param>
public sealed partial record DocSnippet(string File, int FenceLine, IReadOnlyList<string> Lines, DocSnippetKind Kind)
{
    /// <summary>The template Program.cs of <c>dotnet new web</c>.</summary>
    public static readonly string[] WebTemplate =
    [
        "var builder = WebApplication.CreateBuilder(args);",
        "var app = builder.Build();",
        "",
        "app.MapGet(\"/\", () => \"Hello World!\");",
        "",
        "app.Run();",
    ];

    public override string ToString() => $"{File}:{FenceLine}";

    /// <summary>Whether the snippet uses MessagePack-CSharp's own types (then the MessagePack package is referenced directly).</summary>
    public bool MentionsMessagePackCSharp => MessagePackCSharpMention().IsMatch(string.Join('\n', Lines));

    /// <summary>Whether the snippet sets up Swashbuckle (a reader adds Swashbuckle.AspNetCore and FastFormatters.Swashbuckle).</summary>
    public bool MentionsSwashbuckle => Lines.Any(line => line.Contains("AddSwaggerGen", StringComparison.Ordinal));

    /// <summary>Whether the snippet sets up OpenTelemetry (a reader adds its hosting package and Prometheus exporter).</summary>
    public bool MentionsOpenTelemetry => Lines.Any(line => line.Contains("AddOpenTelemetry", StringComparison.Ordinal));

    /// <summary>Whether the snippet sets up the framework's OpenAPI documents (Microsoft.AspNetCore.OpenApi and FastFormatters.OpenApi).</summary>
    public bool MentionsMicrosoftOpenApi => Lines.Any(line => line.Contains("AddOpenApi", StringComparison.Ordinal));

    /// <summary>Every <c>```csharp</c> block of README.md and docs/*.md, in file and line order.</summary>
    public static IReadOnlyList<DocSnippet> ExtractAll(string repositoryRoot)
    {
        var snippets = new List<DocSnippet>();
        foreach (string file in Markdown.Files(repositoryRoot))
        {
            snippets.AddRange(Extract(file, System.IO.File.ReadAllLines(Path.Combine(repositoryRoot, file))));
        }

        return snippets;
    }

    /// <summary>The <c>```csharp</c> blocks of one markdown file.</summary>
    public static IEnumerable<DocSnippet> Extract(string file, string[] markdown)
    {
        foreach (var (language, fenceLine, lines) in Markdown.FencedBlocks(markdown))
        {
            if (!language.Equals("csharp", StringComparison.OrdinalIgnoreCase) && !language.Equals("csharp-excerpt", StringComparison.OrdinalIgnoreCase))
            {
                continue;
            }

            bool excerpt = language.Equals("csharp-excerpt", StringComparison.OrdinalIgnoreCase)
                || Markdown.LineBefore(markdown, fenceLine)?.StartsWith("<!-- excerpt", StringComparison.OrdinalIgnoreCase) == true;
            var text = lines.Select(line => line.Text).ToList();
            yield return new DocSnippet(file, fenceLine, text, excerpt ? DocSnippetKind.Excerpt : Classify(text));
        }
    }

    /// <summary>
    /// The rule: a snippet that uses <c>builder</c> or <c>app</c> without declaring them is a <see cref="DocSnippetKind.Fragment"/>;
    /// else one whose first line of code (after usings, comments, pragmas and blank lines) starts a type declaration or an
    /// attribute is <see cref="DocSnippetKind.TypesOnly"/>; else it is a whole <see cref="DocSnippetKind.Program"/>.
    /// </summary>
    public static DocSnippetKind Classify(IReadOnlyList<string> lines)
    {
        string code = string.Join('\n', lines.Select(StripLineComment));
        bool usesBuilder = Regex.IsMatch(code, @"\bbuilder\b") && !DeclaresBuilder().IsMatch(code);
        bool usesApp = Regex.IsMatch(code, @"\bapp\b") && !DeclaresApp().IsMatch(code);
        if (usesBuilder || usesApp)
        {
            return DocSnippetKind.Fragment;
        }

        string? first = lines.Select(StripLineComment).Select(l => l.Trim())
            .FirstOrDefault(l => l.Length > 0 && !l.StartsWith('#') && !l.StartsWith("/*", StringComparison.Ordinal) && !l.StartsWith('*') && !UsingDirective().IsMatch(l));
        return first is not null && TypeStart().IsMatch(first) ? DocSnippetKind.TypesOnly : DocSnippetKind.Program;
    }

    /// <summary>
    /// The project's source files: name, lines, and for each line the 1-based markdown line it came from (0 when generated).
    /// Program: Program.cs is the snippet. TypesOnly: Snippet.cs is the snippet, Program.cs the <c>dotnet new web</c> template.
    /// Fragment: Program.cs is the snippet's usings, then <c>var builder = WebApplication.CreateBuilder(args);</c> (unless the
    /// snippet declares it), then the snippet's lines before its first use of <c>app</c>, then <c>var app = builder.Build();</c>
    /// (unless the snippet declares it), then the rest of the snippet (which may end with type declarations).
    /// </summary>
    public IReadOnlyList<(string Name, List<(string Text, int MarkdownLine)> Lines)> SourceFiles()
    {
        var snippet = Lines.Select((text, index) => (text, FenceLine + 1 + index)).ToList();
        var template = WebTemplate.Select(text => (text, 0)).ToList();
        switch (Kind)
        {
            case DocSnippetKind.Program:
                return [("Program.cs", snippet)];
            case DocSnippetKind.TypesOnly:
                return [("Program.cs", template), ("Snippet.cs", snippet)];
            case DocSnippetKind.Fragment:
                string code = string.Join('\n', Lines.Select(StripLineComment));
                var usings = snippet.Where(l => UsingDirective().IsMatch(l.text)).ToList();
                var body = snippet.Where(l => !UsingDirective().IsMatch(l.text)).ToList();
                int split = DeclaresApp().IsMatch(code) ? body.Count : body.FindIndex(l => Regex.IsMatch(StripLineComment(l.text), @"\bapp\b"));
                if (split < 0)
                {
                    split = body.Count;
                }

                var program = new List<(string, int)>(usings);
                if (!DeclaresBuilder().IsMatch(code))
                {
                    program.Add(("var builder = WebApplication.CreateBuilder(args);", 0));
                }

                program.AddRange(body.Take(split));
                if (!DeclaresApp().IsMatch(code))
                {
                    program.Add(("var app = builder.Build();", 0));
                }

                program.AddRange(body.Skip(split));
                return [("Program.cs", program)];
            default:
                return [];
        }
    }

    private static string StripLineComment(string line)
    {
        int comment = line.IndexOf("//", StringComparison.Ordinal);
        return comment < 0 ? line : line[..comment];
    }

    [GeneratedRegex(@"^\s*(global\s+)?using\s+(static\s+)?[A-Za-z_][\w.]*(\s*=\s*[\w.<>, ]+)?\s*;\s*$")]
    private static partial Regex UsingDirective();

    [GeneratedRegex(@"^(\[|((public|internal|file|sealed|static|abstract|partial|readonly|ref|unsafe)\s+)*(class|record|struct|interface|enum|namespace|delegate)\b)")]
    private static partial Regex TypeStart();

    [GeneratedRegex(@"\b(var|WebApplicationBuilder)\s+builder\s*=")]
    private static partial Regex DeclaresBuilder();

    [GeneratedRegex(@"\b(var|WebApplication)\s+app\s*=")]
    private static partial Regex DeclaresApp();

    [GeneratedRegex(@"\busing\s+MessagePack\b|\bMessagePack(Object|Serializer|SerializerOptions|Writer|Reader|SerializationException)\b|\bIMessagePackFormatter\b|\bMessagePackCSharp\b|\[Union\(|\[Key\(|\b\w+Resolver\.Instance\b")]
    private static partial Regex MessagePackCSharpMention();
}
