using FastFormatters.Serialization;
using FastFormatters.Core.Tests.MessagePack;

namespace FastFormatters.Fuzzing;

/// <summary>
/// The types every input is read into, through the entry points the formatters call: typed models (object, record with
/// constructor, recursive, every primitive, dictionaries with every key type), <c>object</c> trees,
/// <c>Dictionary&lt;string, object?&gt;</c> and <c>List&lt;int&gt;</c>; through both the generic and the boxed
/// (<see cref="Type"/>-taking) entry points, which take different paths; and an <c>object</c> with the deepest
/// nesting the options allow, so the stack-depth guard is reached as well as the depth limit, and one with the
/// tightest (depth 1, 256 decompressed bytes), so the limits are met at their edges. Value types go through the
/// generic entry points too: there a compressed body's boxed result is unboxed.
/// </summary>
internal static class FuzzTargets
{
    private static readonly FastSerializer s_default = new(new FastSerializerOptions());
    private static readonly FastSerializer s_deepest = Deepest();
    private static readonly FastSerializer s_tightest = Tightest();

    public static IReadOnlyList<FuzzTarget> For(FuzzFormat format) =>
    [
        Generic<MpOrder>(format, s_default),
        Boxed(format, s_default, typeof(MpAllTypes)),
        Generic<FuzzModel>(format, s_default),
        Generic<object?>(format, s_default),
        Boxed(format, s_default, typeof(object)),
        Generic<Dictionary<string, object?>>(format, s_default),
        Generic<List<int>>(format, s_default),
        Boxed(format, s_default, typeof(MpNode)),
        Generic<MpLabeledPoint>(format, s_default),
        Boxed(format, s_default, typeof(MpWithExtensionData)),
        Generic<string>(format, s_default),
        Generic<MpStruct>(format, s_default),
        Generic<decimal>(format, s_default),
        Boxed(format, s_default, typeof(int?)),
        Generic<object?>(format, s_deepest, "object? at depth 1024"),
        Generic<object?>(format, s_tightest, "object? at the tightest limits"),
    ];

    private static FuzzTarget Generic<T>(FuzzFormat format, FastSerializer serializer, string? name = null)
    {
        SpanReader read = format.IsText
            ? format == FuzzFormat.Jmc ? input => serializer.DeserializeJmc<T>(input) : input => serializer.DeserializeJson<T>(input)
            : input => serializer.DeserializeMessagePack<T>(input);
        return new FuzzTarget(name ?? $"{Describe(typeof(T))} (generic)", read);
    }

    private static FuzzTarget Boxed(FuzzFormat format, FastSerializer serializer, Type type)
    {
        SpanReader read = format.IsText
            ? format == FuzzFormat.Jmc ? input => serializer.DeserializeJmc(input, type) : input => serializer.DeserializeJson(input, type)
            : input => serializer.DeserializeMessagePack(input, type);
        return new FuzzTarget($"{Describe(type)} (boxed)", read);
    }

    private static string Describe(Type type) => type.IsGenericType
        ? $"{type.Name[..type.Name.IndexOf('`', StringComparison.Ordinal)]}<{string.Join(", ", type.GetGenericArguments().Select(Describe))}>"
        : type.Name;

    private static FastSerializer Deepest()
    {
        // JSON's depth is its System.Text.Json options' under the default contract.
        var options = new FastSerializerOptions();
        options.MessagePack.MaxDepth = FastSerializerOptions.MaxDepthLimit;
        return new FastSerializer(options, new System.Text.Json.JsonSerializerOptions(System.Text.Json.JsonSerializerDefaults.Web) { MaxDepth = FastSerializerOptions.MaxDepthLimit });
    }

    private static FastSerializer Tightest()
    {
        var options = new FastSerializerOptions();
        options.MessagePack.MaxDepth = 1;
        options.MessagePack.MaxDecompressedSize = 256;
        return new FastSerializer(options, new System.Text.Json.JsonSerializerOptions(System.Text.Json.JsonSerializerDefaults.Web) { MaxDepth = 1 });
    }
}
