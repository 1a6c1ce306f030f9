using FastFormatters.ApiDescriptions;
using FastFormatters.OpenApi;
using Microsoft.OpenApi;
using Swashbuckle.AspNetCore.SwaggerGen;

namespace FastFormatters.Swashbuckle;

/// <summary>
/// Describes each operation's bodies as FastFormatters reads and writes them, and keeps the named schemas for
/// <see cref="FastFormattersDocumentFilter"/>, which runs after every operation.
/// </summary>
internal sealed class FastFormattersOperationFilter(FormatSchemaProvider provider, OpenApiComponentStore components) : IOperationFilter
{
    public void Apply(OpenApiOperation operation, OperationFilterContext context)
        => OpenApiOperationWriter.Apply(operation, provider.Describe(context.ApiDescription), context.Document, components.Define);
}
