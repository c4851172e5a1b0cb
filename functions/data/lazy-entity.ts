import { Entity as ElectroEntity } from 'electrodb';

/**
 * ElectroDB's Entity, constructed on first use. Building an Entity parses and checks its whole model (≈0.5 ms
 * each, the first ≈6 ms), and a Lambda bundle holds every entity of the table while a handler touches a few:
 * with all of them built at import, each cold start paid ≈20 ms for entities it never used. The definitions stay
 * `new Entity({...})` with ElectroDB's types; the object they get forwards every operation to the real Entity,
 * built with the same arguments the first time anything reads or writes it.
 */
class LazyEntity {
  constructor(...args: ConstructorParameters<typeof ElectroEntity>) {
    let entity: object | undefined;
    const real = () => (entity ??= new ElectroEntity(...args) as object);
    return new Proxy({}, {
      get: (_target, key) => Reflect.get(real(), key),
      set: (_target, key, value) => Reflect.set(real(), key, value),
      has: (_target, key) => Reflect.has(real(), key),
      deleteProperty: (_target, key) => Reflect.deleteProperty(real(), key),
      ownKeys: () => Reflect.ownKeys(real()),
      // The stand-in target has none of these properties, so a proxy may only report them as configurable.
      getOwnPropertyDescriptor: (_target, key) => {
        const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
        return descriptor && { ...descriptor, configurable: true };
      },
      defineProperty: (_target, key, descriptor) => Reflect.defineProperty(real(), key, descriptor),
      getPrototypeOf: () => Reflect.getPrototypeOf(real()),
    });
  }
}

export const Entity = LazyEntity as unknown as typeof ElectroEntity;
