namespace FastFormatters.Buffers;

/// <summary>
/// A top-level sequence written whole rather than streamed (a compressed MessagePack body; one the verify mode checks),
/// so that it holds what the streamed body does: a collection as itself; a LINQ query's or an iterator's elements, and
/// an <see cref="IAsyncEnumerable{T}"/>'s (<see cref="SequenceResponseWriter.GatherAsync"/>), in a list, whose count comes first
/// as it does when streamed (a JMC1 count comment). The list is written as the declared type when that is a type of
/// it (<see cref="IEnumerable{T}"/>), never as a query's or an iterator's class, which the reference serializers of the
/// verify mode do not know.
/// </summary>
internal abstract class WholeSequence
{
    /// <summary>The type <paramref name="sequence"/>, declared as <paramref name="declaredType"/>, is written as.</summary>
    public abstract Type TypeOf(object sequence, Type? declaredType);

    /// <summary>What is written for <paramref name="gathered"/>, a sequence <see cref="SequenceResponseWriter.GatherAsync"/> gave.</summary>
    public abstract object Collect(object gathered);
}

internal sealed class WholeSequence<T> : WholeSequence
{
    public override Type TypeOf(object sequence, Type? declaredType)
        => sequence is ICollection<T> or IReadOnlyCollection<T> ? sequence.GetType()
            : declaredType is not null && declaredType != typeof(object) && declaredType.IsAssignableFrom(typeof(List<T>)) ? declaredType
            : typeof(List<T>);

    public override object Collect(object gathered)
        => gathered is ICollection<T> or IReadOnlyCollection<T> ? gathered : new List<T>((IEnumerable<T>)gathered);
}
