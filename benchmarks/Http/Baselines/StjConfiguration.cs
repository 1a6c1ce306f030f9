using System.Runtime.Serialization;
using System.Text.Json;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;

namespace FastFormatters.Benchmarks.Http.Baselines;

/// <summary>
/// How the System.Text.Json modes set up MVC's JSON options (MVC's web defaults: camelCase), told the two things
/// FastFormatters does by default so that every mode writes the same document: <c>[DataMember(Name = ...)]</c> names
/// (the Status model's snake_case) and enums by name.
/// </summary>
internal static class StjConfiguration
{
    /// <summary>By reflection: the <c>builtin</c> mode, and the JSON of the <c>mpcs</c> mode.</summary>
    public static void UseReflection(JsonSerializerOptions options)
    {
        options.Converters.Add(new JsonStringEnumConverter());
        options.TypeInfoResolver = new DefaultJsonTypeInfoResolver { Modifiers = { UseDataMemberNames } };
    }

    /// <summary>
    /// By source generation, the <c>stj-sg</c> mode: the harness's context first in the resolver chain, MVC's reflection
    /// resolver after it for anything else (problem details). Enums by name come from the context rather than from
    /// <see cref="JsonSerializerOptions.Converters"/>, which would make the generated fast-path writers unusable.
    /// </summary>
    public static void UseSourceGeneration(JsonSerializerOptions options)
        => options.TypeInfoResolverChain.Insert(0, HarnessJsonContext.Default.WithAddedModifier(UseDataMemberNames));

    // Renaming members customizes their contract, so System.Text.Json does not use the generated fast-path writer for
    // the Status types (for lists as large as the feed's it stops using it when streaming anyway); the Book and ticker
    // types, which have no [DataMember], keep it.
    private static void UseDataMemberNames(JsonTypeInfo typeInfo)
    {
        if (typeInfo.Kind != JsonTypeInfoKind.Object)
        {
            return;
        }

        foreach (var property in typeInfo.Properties)
        {
            if (property.AttributeProvider?.GetCustomAttributes(typeof(DataMemberAttribute), inherit: true) is [DataMemberAttribute { Name: { } name }, ..])
            {
                property.Name = name;
            }
        }
    }
}
