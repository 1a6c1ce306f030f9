using System.Reflection;

namespace FastFormatters.IntegrationTests.Packaging;

/// <summary>
/// No public type of ours shares its simple name with a public type of the libraries an app imports beside ours:
/// MessagePack-CSharp, System.Text.Json, Newtonsoft.Json and ASP.NET Core MVC and HTTP results, read from the real
/// assemblies in this test host. A file that imports both namespaces would otherwise need every use qualified.
/// </summary>
public sealed class PublicNameTests
{
    private static readonly Assembly[] s_ours =
    [
        typeof(FastFormattersSerializer).Assembly,
        typeof(FastFormattersOptions).Assembly,
        typeof(FastFormatters.Negotiation.ParsedMediaType).Assembly,
        typeof(FastFormatters.MessagePackCSharp.MessagePackCSharpSerializer).Assembly,
    ];

    private static readonly Assembly[] s_neighbours =
    [
        typeof(global::MessagePack.MessagePackSerializer).Assembly,
        typeof(System.Text.Json.JsonSerializer).Assembly,
        typeof(Newtonsoft.Json.JsonConvert).Assembly,
        typeof(Microsoft.AspNetCore.Mvc.MvcOptions).Assembly,
        typeof(Microsoft.AspNetCore.Mvc.ActionContext).Assembly,
        typeof(Microsoft.AspNetCore.Mvc.ApiExplorer.ApiDescription).Assembly,
        typeof(Microsoft.AspNetCore.Http.HttpResults.Ok).Assembly,
        typeof(Microsoft.AspNetCore.Http.HttpContext).Assembly,
    ];

    [Fact]
    public void No_public_type_shares_its_name_with_a_neighbouring_library()
    {
        var theirs = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach (var type in s_neighbours.SelectMany(assembly => assembly.GetExportedTypes()).Where(type => !type.IsNested))
        {
            theirs.TryAdd(type.Name, type.FullName!);
        }

        Assert.True(theirs.Count > 1000, $"Only {theirs.Count} neighbouring types were found.");
        var clashes = s_ours.SelectMany(assembly => assembly.GetExportedTypes())
            .Where(type => !type.IsNested && theirs.ContainsKey(type.Name))
            .Select(type => $"{type.FullName} and {theirs[type.Name]}")
            .ToList();
        Assert.True(clashes.Count == 0, string.Join(Environment.NewLine, clashes));
    }
}
