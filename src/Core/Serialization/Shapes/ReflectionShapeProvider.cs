using System.Diagnostics.CodeAnalysis;
using System.Reflection;

namespace FastFormatters.Serialization.Shapes;

/// <summary>
/// Describes types by reflection, with the shapes the source generator emits: at run time, the one place that decides
/// what a type is (a nullable, an enum, an array, a list, a dictionary, another sequence, an async sequence, else an
/// object). The resolver asks it after the app's <see cref="FastSerializerOptions.TypeShapeProviders"/>, and only where
/// <see cref="ReflectionContracts.IsEnabled"/>; the generator decides the same at compile time, and the shape parity
/// tests hold the two together.
/// </summary>
internal sealed class ReflectionShapeProvider : TypeShapeProvider
{
    private const string Justification = "ReflectionShapeProvider is created only where ReflectionContracts.IsEnabled; its constructor requires unreferenced and dynamic code.";

    private static readonly MethodInfo s_creator = typeof(ReflectionShapeProvider).GetMethod(nameof(Creator), BindingFlags.NonPublic | BindingFlags.Static)!;

    [RequiresUnreferencedCode(ReflectionContracts.Builds)]
    [RequiresDynamicCode(ReflectionContracts.Builds)]
    public ReflectionShapeProvider()
    {
    }

    /// <summary>The shape of <paramref name="type"/>; never null.</summary>
    /// <exception cref="NotSupportedException">No value of <paramref name="type"/> can be serialized (a stream, a delegate, a multi-dimensional array, ...).</exception>
    [UnconditionalSuppressMessage("Trimming", "IL2026", Justification = Justification)]
    [UnconditionalSuppressMessage("Trimming", "IL2070", Justification = Justification)]
    [UnconditionalSuppressMessage("AOT", "IL3050", Justification = Justification)]
    public override TypeShape GetShape(Type type)
    {
        if (IsAsyncEnumerable(type))
        {
            return Make(typeof(AsyncEnumerableShape<>), type.GetGenericArguments());
        }

        ThrowIfUnsupported(type);
        if (Nullable.GetUnderlyingType(type) is { } underlying)
        {
            return Make(typeof(NullableShape<>), [underlying]);
        }

        if (type.IsEnum)
        {
            return Make(typeof(EnumShape<>), [type]);
        }

        if (type.IsArray)
        {
            return type.GetArrayRank() == 1
                ? Make(typeof(ArrayShape<>), [type.GetElementType()!])
                : throw new NotSupportedException($"Multi-dimensional arrays ({type}) are not supported.");
        }

        if (type.IsGenericType && type.GetGenericTypeDefinition() == typeof(List<>))
        {
            return Make(typeof(ListShape<>), type.GetGenericArguments());
        }

        if ((Implemented(type, typeof(IDictionary<,>)) ?? Implemented(type, typeof(IReadOnlyDictionary<,>))) is { } dictionary)
        {
            return Make(typeof(DictionaryShape<,,>), [type, .. dictionary.GetGenericArguments()], CreatorOf(type));
        }

        if (Implemented(type, typeof(IEnumerable<>)) is { } enumerable)
        {
            return Make(typeof(EnumerableShape<,>), [type, .. enumerable.GetGenericArguments()], CreatorOf(type));
        }

        return Make(typeof(ReflectedObjectShape<>), [type]);
    }

    /// <summary>
    /// <paramref name="type"/> as an object whatever its kind, for the members of a type another serializer writes
    /// (whose contract modifiers must not change them).
    /// </summary>
    [UnconditionalSuppressMessage("AOT", "IL3050", Justification = Justification)]
    [UnconditionalSuppressMessage("Trimming", "IL2026", Justification = Justification)]
    public IObjectShape ObjectShapeOf(Type type) => (IObjectShape)Make(typeof(ReflectedObjectShape<>), [type]);

    /// <summary>The sequence a response body of <paramref name="type"/> is when it is or implements <see cref="IAsyncEnumerable{T}"/>, or null.</summary>
    [UnconditionalSuppressMessage("Trimming", "IL2070", Justification = Justification)]
    [UnconditionalSuppressMessage("AOT", "IL3050", Justification = Justification)]
    [UnconditionalSuppressMessage("Trimming", "IL2026", Justification = Justification)]
    public ISequenceShape? AsyncSequenceOf(Type type)
        => (IsAsyncEnumerable(type) ? type : Implemented(type, typeof(IAsyncEnumerable<>))) is { } sequence
            ? (ISequenceShape)Make(typeof(AsyncEnumerableShape<>), sequence.GetGenericArguments())
            : null;

    /// <summary>Hands <paramref name="visitor"/> <paramref name="type"/>, closed over it at run time.</summary>
    [UnconditionalSuppressMessage("AOT", "IL3050", Justification = Justification)]
    public TResult Visit<TResult>(Type type, ITypeVisitor<TResult> visitor)
        => (TResult)Invoke(() => typeof(ITypeVisitor<TResult>).GetMethod(nameof(ITypeVisitor<TResult>.Visit))!.MakeGenericMethod(type).Invoke(visitor, null));

    private static bool IsAsyncEnumerable(Type type) => type.IsGenericType && type.GetGenericTypeDefinition() == typeof(IAsyncEnumerable<>);

    [RequiresDynamicCode(ReflectionContracts.Builds)]
    [RequiresUnreferencedCode(ReflectionContracts.Builds)]
    private static TypeShape Make(Type definition, Type[] typeArguments, params object?[] arguments)
        => (TypeShape)Invoke(() => Activator.CreateInstance(definition.MakeGenericType(typeArguments), arguments));

    // A collection class's public parameterless constructor, as a Func<T>, or null.
    [RequiresDynamicCode(ReflectionContracts.Builds)]
    [RequiresUnreferencedCode(ReflectionContracts.Builds)]
    private static Delegate? CreatorOf(Type type)
        => !type.IsAbstract && type.GetConstructor(Type.EmptyTypes) is not null
            ? (Delegate)Invoke(() => s_creator.MakeGenericMethod(type).Invoke(null, null))
            : null;

    private static Func<T> Creator<T>()
        where T : new()
        => static () => new T();

    // A generic closed at run time, its exception unwrapped.
    private static object Invoke(Func<object?> reflect)
    {
        try
        {
            return reflect()!;
        }
        catch (TargetInvocationException ex) when (ex.InnerException is not null)
        {
            System.Runtime.ExceptionServices.ExceptionDispatchInfo.Capture(ex.InnerException).Throw();
            throw;
        }
    }

    // The closed generic interface of `definition` the type is or implements, or null.
    [RequiresUnreferencedCode(ReflectionContracts.Builds)]
    private static Type? Implemented(Type type, Type definition)
    {
        if (type.IsInterface && type.IsGenericType && type.GetGenericTypeDefinition() == definition)
        {
            return type;
        }

        foreach (var implemented in type.GetInterfaces())
        {
            if (implemented.IsGenericType && implemented.GetGenericTypeDefinition() == definition)
            {
                return implemented;
            }
        }

        return null;
    }

    [RequiresUnreferencedCode(ReflectionContracts.Builds)]
    private static void ThrowIfUnsupported(Type type)
    {
        if (Implemented(type, typeof(IAsyncEnumerable<>)) is not null)
        {
            throw new NotSupportedException($"{type} is only written as a whole response body, not inside another value.");
        }

        if (type.IsPointer || type.IsByRef || type.IsByRefLike || type.ContainsGenericParameters
            || typeof(Delegate).IsAssignableFrom(type) || typeof(MemberInfo).IsAssignableFrom(type)
            || typeof(Stream).IsAssignableFrom(type) || typeof(Task).IsAssignableFrom(type)
            || type == typeof(IntPtr) || type == typeof(UIntPtr))
        {
            throw new NotSupportedException($"The type {type} cannot be serialized.");
        }
    }
}
