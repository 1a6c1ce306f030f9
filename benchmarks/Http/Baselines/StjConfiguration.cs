using System.Text.Json;
using System.Text.Json.Serialization;

namespace FastFormatters.Benchmarks.Http.Baselines;

/// <summary>
/// The app's JSON options every mode shares (MVC's web defaults, camelCase, and enums by name), so that every mode
/// writes the same document: FastFormatters follows MVC's JsonOptions as the built-in formatters do.
/// </summary>
internal static class StjConfiguration
{
    /// <summary>By reflection: the <c>builtin</c>, <c>mpcs</c> and FastFormatters modes.</summary>
    public static void UseReflection(JsonSerializerOptions options) => options.Converters.Add(new JsonStringEnumConverter());

    /// <summary>
    /// By source generation, the <c>stj-sg</c> mode: the harness's context first in the resolver chain, MVC's reflection
    /// resolver after it for anything else (problem details). Enums by name come from the context rather than from
    /// <see cref="JsonSerializerOptions.Converters"/>, which would make the generated fast-path writers unusable.
    /// </summary>
    public static void UseSourceGeneration(JsonSerializerOptions options) => options.TypeInfoResolverChain.Insert(0, HarnessJsonContext.Default);
}
