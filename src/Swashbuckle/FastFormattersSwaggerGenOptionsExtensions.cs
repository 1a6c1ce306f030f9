using FastFormatters.Swashbuckle;
using Swashbuckle.AspNetCore.SwaggerGen;

namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Makes Swashbuckle's documents describe FastFormatters' wire.</summary>
public static class FastFormattersSwaggerGenOptionsExtensions
{
    /// <summary>
    /// Describes every operation's bodies as FastFormatters reads and writes them: JSON and JMC1 media types with the
    /// JSON contract's schemas, MessagePack ones with MessagePack's (named <c>{Type}MessagePack</c>), problems as
    /// <c>application/problem+json</c>, and the 400, 406 and 415 problems the formatters answer with.
    /// </summary>
    /// <param name="options">The options of <c>AddSwaggerGen(options =&gt; ...)</c>.</param>
    /// <returns>The same options.</returns>
    public static SwaggerGenOptions AddFastFormatters(this SwaggerGenOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);
        // One store per document: the operation filter fills it, the document filter copies it.
        var components = new FastFormatters.OpenApi.OpenApiComponentStore();
        options.OperationFilter<FastFormattersOperationFilter>(components);
        options.DocumentFilter<FastFormattersDocumentFilter>(components);
        return options;
    }
}
