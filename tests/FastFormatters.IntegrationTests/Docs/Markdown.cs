using System.Text.RegularExpressions;

namespace FastFormatters.IntegrationTests.Docs;

/// <summary>What the doc tests read in README.md and docs/*.md: the files, their fenced blocks, the comment before a block.</summary>
public static partial class Markdown
{
    /// <summary>README.md and docs/*.md, relative to the repository root, in order.</summary>
    public static IEnumerable<string> Files(string repositoryRoot)
    {
        yield return "README.md";
        foreach (string file in Directory.GetFiles(Path.Combine(repositoryRoot, "docs"), "*.md").Order(StringComparer.Ordinal))
        {
            yield return Path.GetRelativePath(repositoryRoot, file).Replace('\\', '/');
        }
    }

    /// <summary>
    /// The fenced blocks of one file: the language (the info string's first word), the 1-based line of the opening
    /// fence, and the lines inside with the fence's indentation removed (fences may be indented inside a list item).
    /// </summary>
    public static IEnumerable<(string Language, int FenceLine, List<DocLine> Lines)> FencedBlocks(string[] markdown)
    {
        for (int i = 0; i < markdown.Length; i++)
        {
            var open = Fence().Match(markdown[i]);
            if (!open.Success)
            {
                continue;
            }

            string indent = open.Groups["indent"].Value;
            string fence = open.Groups["fence"].Value;
            int fenceLine = i + 1;
            var lines = new List<DocLine>();
            for (i++; i < markdown.Length && !IsClosingFence(markdown[i], fence); i++)
            {
                string line = markdown[i];
                lines.Add(new DocLine(line.StartsWith(indent, StringComparison.Ordinal) ? line[indent.Length..] : line.TrimStart(), i + 1));
            }

            yield return (open.Groups["info"].Value.Trim().Split(' ', 2)[0], fenceLine, lines);
        }
    }

    /// <summary>The last non-blank line before the fence on 1-based line <paramref name="fenceLine"/>, trimmed; null when there is none.</summary>
    public static string? LineBefore(string[] markdown, int fenceLine)
    {
        for (int j = fenceLine - 2; j >= 0; j--)
        {
            if (markdown[j].Trim().Length > 0)
            {
                return markdown[j].Trim();
            }
        }

        return null;
    }

    private static bool IsClosingFence(string line, string fence)
    {
        string trimmed = line.Trim();
        return trimmed.Length >= fence.Length && trimmed.All(c => c == fence[0]);
    }

    [GeneratedRegex(@"^(?<indent>[ \t]*)(?<fence>`{3,}|~{3,})(?<info>[^`]*)$")]
    private static partial Regex Fence();
}
