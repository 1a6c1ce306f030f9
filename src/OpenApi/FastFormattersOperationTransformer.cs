using FastFormatters.ApiDescriptions;
using Microsoft.AspNetCore.OpenApi;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.OpenApi;

namespace FastFormatters.OpenApi;

/// <summary>
/// Describes each operation's bodies as FastFormatters reads and writes them, and keeps the named schemas for
/// <see cref="FastFormattersDocumentTransformer"/>, which runs after every operation.
/// </summary>
internal sealed class FastFormattersOperationTransformer(OpenApiComponentStore components) : IOpenApiOperationTransformer
{
    public Task TransformAsync(OpenApiOperation operation, OpenApiOperationTransformerContext context, CancellationToken cancellationToken)
    {
        var provider = context.ApplicationServices.GetRequiredService<FormatSchemaProvider>();
        OpenApiOperationWriter.Apply(operation, provider.Describe(context.Description), context.Document, components.Define);
        return Task.CompletedTask;
    }
}
