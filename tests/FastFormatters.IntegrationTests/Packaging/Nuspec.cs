using System.IO.Compression;
using System.Xml.Linq;

namespace FastFormatters.IntegrationTests.Packaging;

/// <summary>What a packed .nupkg declares: its dependencies (id → version range), framework references and files.</summary>
internal sealed record Nuspec(IReadOnlyDictionary<string, string> Dependencies, IReadOnlyList<string> FrameworkReferences, IReadOnlyList<string> Files)
{
    public static Nuspec Read(string nupkg)
    {
        using var package = ZipFile.OpenRead(nupkg);
        var entry = package.Entries.Single(e => e.FullName.EndsWith(".nuspec", StringComparison.Ordinal) && !e.FullName.Contains('/'));
        using var stream = entry.Open();
        var metadata = XDocument.Load(stream).Root!.Elements().Single(e => e.Name.LocalName == "metadata");
        var dependencies = metadata.Descendants().Where(e => e.Name.LocalName == "dependency")
            .ToDictionary(e => (string)e.Attribute("id")!, e => (string)e.Attribute("version")!);
        var frameworkReferences = metadata.Descendants().Where(e => e.Name.LocalName == "frameworkReference")
            .Select(e => (string)e.Attribute("name")!)
            .Distinct()
            .ToList();
        return new Nuspec(dependencies, frameworkReferences, [.. package.Entries.Select(e => e.FullName)]);
    }
}
