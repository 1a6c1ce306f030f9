using FastFormatters.OpenApi;
using Microsoft.OpenApi;
using Swashbuckle.AspNetCore.SwaggerGen;

namespace FastFormatters.Swashbuckle;

/// <summary>Puts the schemas the operations refer to among the document's components, after every operation.</summary>
internal sealed class FastFormattersDocumentFilter(OpenApiComponentStore components) : IDocumentFilter
{
    public void Apply(OpenApiDocument swaggerDoc, DocumentFilterContext context) => components.CopyTo(swaggerDoc);
}
