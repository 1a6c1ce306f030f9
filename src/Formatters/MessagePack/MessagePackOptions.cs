namespace FastFormatters.MessagePack;

/// <summary>Options of the MessagePack format.</summary>
public sealed class MessagePackOptions
{
    /// <summary>The deepest nesting a request body may have and a response may be written with. Defaults to 500.</summary>
    public int MaxDepth { get; set; } = 500;
}
