using FastFormatters.OpenApi;
using Microsoft.AspNetCore.OpenApi;

namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Makes Microsoft.AspNetCore.OpenApi's documents describe FastFormatters' wire.</summary>
public static class FastFormattersOpenApiOptionsExtensions
{
    /// <summary>
    /// Describes every operation's bodies as FastFormatters reads and writes them: JSON and JMC1 media types with the
    /// JSON contract's schemas, MessagePack ones with MessagePack's (named <c>{Type}MessagePack</c>), problems as
    /// <c>application/problem+json</c>, and the 400, 406 and 415 problems the formatters answer with.
    /// </summary>
    /// <param name="options">The options of one OpenAPI document (<c>AddOpenApi(options =&gt; ...)</c>).</param>
    /// <returns>The same options.</returns>
    public static OpenApiOptions AddFastFormatters(this OpenApiOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);

        // One store per document: the operation transformer fills it, the document transformer copies it.
        var components = new OpenApiComponentStore();
        options.AddOperationTransformer(new FastFormattersOperationTransformer(components));
        options.AddDocumentTransformer(new FastFormattersDocumentTransformer(components));
        return options;
    }
}
