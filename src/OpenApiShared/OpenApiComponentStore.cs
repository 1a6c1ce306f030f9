using System.Collections.Concurrent;
using Microsoft.OpenApi;

namespace FastFormatters.OpenApi;

/// <summary>
/// The named schemas the operations refer to, kept until the document is complete, then put among its components,
/// replacing the generator's own schema of the same name: the wire's description wins. Generators build their
/// components while describing operations, so adding ours earlier would collide with theirs.
/// </summary>
internal sealed class OpenApiComponentStore
{
    private readonly ConcurrentDictionary<string, IOpenApiSchema> _schemas = new(StringComparer.Ordinal);

    public void Define(string name, IOpenApiSchema schema) => _schemas[name] = schema;

    public void CopyTo(OpenApiDocument document)
    {
        document.Components ??= new OpenApiComponents();
        document.Components.Schemas ??= new Dictionary<string, IOpenApiSchema>(StringComparer.Ordinal);
        foreach (var (name, schema) in _schemas)
        {
            document.Components.Schemas[name] = schema;
        }
    }
}
