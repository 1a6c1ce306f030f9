namespace FastFormatters.MessagePackCSharp;

/// <summary>Which types go through MessagePack-CSharp rather than FastFormatters' own MessagePack converters.</summary>
public enum MessagePackCSharpTypes
{
    /// <summary>
    /// Only the types the app's options format with a formatter of the app's own (a custom
    /// <c>IMessagePackFormatter&lt;T&gt;</c> from its resolver chain or a <c>[MessagePackFormatter]</c> attribute): the
    /// ones FastFormatters cannot know the wire form of. Everything else takes the faster built-in path, which writes
    /// what MessagePack-CSharp's standard resolvers write.
    /// </summary>
    CustomFormatted,

    /// <summary>Every type: MessagePack-CSharp serializes all bodies, FastFormatters keeps negotiation, limits and diagnostics.</summary>
    All,
}
