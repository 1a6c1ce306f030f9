using MessagePack;
using MessagePack.Resolvers;
using Microsoft.AspNetCore.Mvc;

namespace FastFormatters.Benchmarks.Http.Baselines;

/// <summary>
/// The <c>mpcs</c> mode's MessagePack: MessagePack-CSharp registered as <c>MessagePack.AspNetCoreMvcFormatter</c> 3.x
/// registers it (that package is not in the registry this project builds from, so its two small formatters are
/// written out here), after MVC's JSON formatters.
/// </summary>
internal static class MessagePackCSharpFormatters
{
    /// <summary>The media type both formatters handle.</summary>
    public const string MediaType = "application/x-msgpack";

    /// <summary>
    /// For plain classes, as its users configure it: every public member, keyed by its CLR name. FastFormatters keys
    /// by camelCase or <c>[DataMember]</c> names, so the two read each other's bodies only where the names agree.
    /// </summary>
    public static MessagePackSerializerOptions Options => ContractlessStandardResolver.Options;

    /// <summary>Adds the input and output formatter.</summary>
    public static void AddTo(MvcOptions options)
    {
        options.InputFormatters.Add(new MessagePackCSharpInputFormatter(Options));
        options.OutputFormatters.Add(new MessagePackCSharpOutputFormatter(Options));
    }
}
