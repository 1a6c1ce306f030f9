namespace FastFormatters.Serialization.Shapes;

/// <summary>
/// Builds something for a type known statically, without reflection: given a <see cref="Type"/> at run time, code
/// generic over it (a writer of a sequence's elements, say) is reached through <see cref="Visit{T}"/>, which stays
/// valid under trimming and Native AOT where <c>MakeGenericType</c> is not.
/// </summary>
/// <typeparam name="TResult">What the visitor builds.</typeparam>
public interface ITypeVisitor<out TResult>
{
    /// <summary>Builds the result for <typeparamref name="T"/>.</summary>
    /// <typeparam name="T">The type visited.</typeparam>
    TResult Visit<T>();
}
