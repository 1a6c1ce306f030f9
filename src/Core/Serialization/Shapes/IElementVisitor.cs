namespace FastFormatters.Serialization.Shapes;

/// <summary>Builds something for a sequence's element type, statically: the response layer's chunked writer, say.</summary>
internal interface IElementVisitor<out TResult>
{
    TResult Visit<T>();
}
