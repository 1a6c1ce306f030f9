using System.Diagnostics.CodeAnalysis;
using FastFormatters.MessagePack;
using MessagePack;

namespace FastFormatters.MessagePackCSharp;

/// <summary>Adds MessagePack-CSharp to FastFormatters' MessagePack options.</summary>
public static class MessagePackOptionsExtensions
{
    /// <summary>
    /// Serves <paramref name="types"/> with the app's MessagePack-CSharp <paramref name="serializerOptions"/> (its
    /// resolver chain and custom formatters), ahead of FastFormatters' own converters. By default only the types the app
    /// formats its own way; the rest keep the faster built-in path, which writes the same bytes MessagePack-CSharp's
    /// standard resolvers write.
    /// </summary>
    /// <example><code>
    /// builder.Services.AddControllers().AddFastFormatters(o => o.MessagePack.UseMessagePackCSharp(
    ///     MessagePackSerializerOptions.Standard.WithResolver(CompositeResolver.Create(new MoneyFormatter(), StandardResolver.Instance))));
    /// </code></example>
    [RequiresUnreferencedCode("MessagePack-CSharp's dynamic resolvers reflect over the types they serialize.")]
    [RequiresDynamicCode("MessagePack-CSharp's dynamic resolvers generate code at run time.")]
    public static MessagePackOptions UseMessagePackCSharp(this MessagePackOptions options, MessagePackSerializerOptions serializerOptions, MessagePackCSharpTypes types = MessagePackCSharpTypes.CustomFormatted)
    {
        ArgumentNullException.ThrowIfNull(options);
        options.ExternalSerializers.Add(new MessagePackCSharpSerializer(serializerOptions, types));
        return options;
    }
}
