namespace FastFormatters.Serialization.Shapes;

/// <summary>
/// Builds something for a type known statically, without reflection: a shape's own type (the System.Text.Json hand-off
/// of it, say) or a sequence's element type (the response layer's chunked writer).
/// </summary>
internal interface ITypeVisitor<out TResult>
{
    TResult Visit<T>();
}
