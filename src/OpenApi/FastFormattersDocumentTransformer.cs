using Microsoft.AspNetCore.OpenApi;
using Microsoft.OpenApi;

namespace FastFormatters.OpenApi;

/// <summary>Puts the schemas the operations refer to among the document's components, after every operation.</summary>
internal sealed class FastFormattersDocumentTransformer(OpenApiComponentStore components) : IOpenApiDocumentTransformer
{
    public Task TransformAsync(OpenApiDocument document, OpenApiDocumentTransformerContext context, CancellationToken cancellationToken)
    {
        components.CopyTo(document);
        return Task.CompletedTask;
    }
}
