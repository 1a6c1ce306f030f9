using System.Collections.Concurrent;
using System.Reflection;
using FastFormatters.Serialization.Shapes;
using PolyType;
using PolyType.Abstractions;

namespace FastFormatters.Benchmarks.Infrastructure;

/// <summary>
/// A measurement: FastFormatters' converters fed by PolyType's shapes instead of its own. Each PolyType
/// shape is translated once into the core's <see cref="TypeShape"/>, so the contract rules, the converters and the
/// wire are the core's and only the member accessors and constructors come from PolyType. Reads call PolyType's setters
/// and constructors directly (the delegates are rebound, not wrapped); writes call each PolyType getter through one
/// wrapping delegate, because PolyType's getters take the owner by reference and the core's by value.
/// Covers what the benchmark documents use: objects with a parameterless constructor, lists, arrays, other
/// enumerables, dictionaries, nullables and enums.
/// </summary>
internal sealed class PolyTypeShapes(ITypeShapeProvider provider) : TypeShapeProvider
{
    private readonly ConcurrentDictionary<Type, TypeShape?> _shapes = new();

    public override TypeShape? GetShape(Type type)
        => _shapes.GetOrAdd(type, static (type, provider) => (TypeShape?)provider.GetTypeShape(type)?.Accept(Translator.Instance), provider);

    private sealed class Translator : TypeShapeVisitor
    {
        public static readonly Translator Instance = new();

        public override object? VisitObject<T>(IObjectTypeShape<T> objectShape, object? state = null)
        {
            if (objectShape.Properties.Count == 0 && objectShape.Constructor is null)
            {
                return null; // a value PolyType treats as opaque (a primitive): not an object to the core.
            }

            var members = new List<MemberShape<T>>(objectShape.Properties.Count);
            foreach (var property in objectShape.Properties)
            {
                members.Add((MemberShape<T>)property.Accept(this)!);
            }

            Func<T>? create = null;
            var constructors = new List<ConstructorShape<T>>();
            if (objectShape.Constructor is { } constructor)
            {
                if (constructor.Parameters.Count > 0 || constructor.MethodBase is not ConstructorInfo info)
                {
                    throw new NotSupportedException($"{typeof(T)}: only parameterless constructors are translated (the benchmark documents need no other).");
                }

                create = (Func<T>)constructor.Accept(this)!;
                var made = create;
                constructors.Add(new ConstructorShape<T>(info, _ => made()));
            }

            return new ObjectShape<T>(members, constructors, create);
        }

        public override object? VisitProperty<TDeclaringType, TPropertyType>(IPropertyShape<TDeclaringType, TPropertyType> property, object? state = null)
        {
            var member = property.MemberInfo ?? throw new NotSupportedException($"PolyType gives {typeof(TDeclaringType)}.{property.Name} no MemberInfo.");
            MemberGetter<TDeclaringType, TPropertyType>? get = null;
            if (property.HasGetter)
            {
                var getter = property.GetGetter();
                get = (MemberGetter<TDeclaringType, TPropertyType>)Delegate.CreateDelegate(typeof(MemberGetter<TDeclaringType, TPropertyType>), getter.Target, getter.Method);
            }

            MemberSetter<TDeclaringType, TPropertyType>? set = null;
            if (property.HasSetter)
            {
                var setter = property.GetSetter();
                set = (MemberSetter<TDeclaringType, TPropertyType>)Delegate.CreateDelegate(typeof(MemberSetter<TDeclaringType, TPropertyType>), setter.Target, setter.Method);
            }

            return new MemberShape<TDeclaringType, TPropertyType>(member, get, set);
        }

        public override object? VisitConstructor<TDeclaringType, TArgumentState>(IConstructorShape<TDeclaringType, TArgumentState> constructor, object? state = null)
            => constructor.GetDefaultConstructor();

        public override object? VisitEnumerable<TEnumerable, TElement>(IEnumerableTypeShape<TEnumerable, TElement> enumerable, object? state = null)
        {
            if (typeof(TEnumerable) == typeof(List<TElement>))
            {
                return new ListShape<TElement>();
            }

            if (typeof(TEnumerable) == typeof(TElement[]))
            {
                return new ArrayShape<TElement>();
            }

            return Make(typeof(EnumerableShape<,>), [typeof(TEnumerable), typeof(TElement)], CreateEmpty(enumerable.ConstructionStrategy, enumerable.GetDefaultConstructor));
        }

        public override object? VisitDictionary<TDictionary, TKey, TValue>(IDictionaryTypeShape<TDictionary, TKey, TValue> dictionary, object? state = null)
        {
            return Make(typeof(DictionaryShape<,,>), [typeof(TDictionary), typeof(TKey), typeof(TValue)], CreateEmpty(dictionary.ConstructionStrategy, dictionary.GetDefaultConstructor));
        }

        public override object? VisitOptional<TOptional, TElement>(IOptionalTypeShape<TOptional, TElement> optional, object? state = null)
            => typeof(TOptional) == typeof(Nullable<>).MakeGenericType(typeof(TElement)) ? Make(typeof(NullableShape<>), [typeof(TElement)]) : null;

        public override object? VisitEnum<TEnum, TUnderlying>(IEnumTypeShape<TEnum, TUnderlying> enumShape, object? state = null)
            => Make(typeof(EnumShape<>), [typeof(TEnum)]);

        private static Func<TCollection>? CreateEmpty<TKey, TCollection>(CollectionConstructionStrategy strategy, Func<MutableCollectionConstructor<TKey, TCollection>> constructor)
        {
            if (strategy != CollectionConstructionStrategy.Mutable)
            {
                return null;
            }

            var create = constructor();
            return () => create();
        }

        // The core's shapes constrain their type parameters where PolyType's visitor does not; the benchmark runs with
        // JIT, so the closed types are made at run time. Only collection shapes are made this way: they hold no accessors.
        private static TypeShape Make(Type shape, Type[] arguments, params object?[] constructorArguments)
            => (TypeShape)Activator.CreateInstance(shape.MakeGenericType(arguments), constructorArguments)!;
    }
}
