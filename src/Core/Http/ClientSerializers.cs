using System.Runtime.CompilerServices;
using FastFormatters.Serialization;

namespace FastFormatters.Http;

/// <summary>The serializers the client helpers use: one for default options, one per options instance given.</summary>
internal static class ClientSerializers
{
    private static readonly FastSerializer s_default = new(new FastSerializerOptions());
    private static readonly ConditionalWeakTable<FastSerializerOptions, FastSerializer> s_byOptions = new();

    public static FastSerializer For(FastSerializerOptions? options)
        => options is null ? s_default : s_byOptions.GetValue(options, static created => new FastSerializer(created));
}
